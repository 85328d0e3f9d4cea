import { quoteText } from '@jangts/agent-types/internal';

/** One step into a JSON value: a record key or an array index. */
export type JsonPathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$]{0,59}$/;

/**
 * Formats a path the way a reader writes it in code: `value.items[3].when`,
 * `value["two words"]`. The first segment is the fragment field and is written bare; keys of
 * more than 60 characters are quoted and cut, identifiers too (the path is for a reader, not for
 * lookup).
 */
export function formatJsonPath(field: string, segments: readonly JsonPathSegment[]): string {
  let path = field;
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `[${quoteText(segment)}]`;
  }
  return path;
}
