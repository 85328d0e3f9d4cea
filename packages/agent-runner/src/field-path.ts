/**
 * Appends a JSON pointer (`/messages/0/content`) to a field name in the dotted form used in
 * error messages and `details.field`: `input.messages[0].content`.
 */
export function fieldPath(base: string, pointer: string): string {
  if (pointer === '') return base;
  let path = base;
  for (const segment of pointer.slice(1).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^(0|[1-9]\d*)$/.test(key) ? `[${key}]` : `.${key}`;
    // A path deeper than anyone reads (a value nested a thousand levels) is cut.
    if (path.length > MAX_FIELD_PATH_LENGTH) return `${path.slice(0, MAX_FIELD_PATH_LENGTH)}…`;
  }
  return path;
}

/** The longest field path given in messages and `details.field`; longer ones end in `…`. */
export const MAX_FIELD_PATH_LENGTH = 256;
