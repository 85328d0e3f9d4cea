import type { JsonValue } from '@jangts/agent-types';

/** A character `JSON.stringify` writes as an escape: `"`, `\`, a control character, or half a surrogate pair (written as `\u` when alone). */
// eslint-disable-next-line no-control-regex
const MAY_NEED_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The length of `JSON.stringify(value)` (UTF-16 code units), worked out without building the
 * text. Each object or array is measured once, however many times it is reached, so a value that
 * reuses its parts costs time linear in its distinct parts even when its text is exponentially
 * long (`v = { a: v, b: v }`, repeated). The length is exact while it is a safe integer; beyond
 * that it is approximate, and longer than any string an engine can hold.
 *
 * @param value - plain JSON without cycles (a copy made by `snapshotJsonRecord`).
 */
export function measureJsonText(value: JsonValue): number {
  return measure(value, new Map());
}

function measure(value: JsonValue, lengths: Map<object, number>): number {
  if (typeof value === 'string') return measureString(value);
  if (typeof value === 'number') return String(value).length; // as JSON.stringify writes a finite number, `-0` as `0`
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  const known = lengths.get(value);
  if (known !== undefined) return known;
  let length: number;
  if (isList(value)) {
    length = 2 + Math.max(value.length - 1, 0); // brackets and commas
    for (const item of value) length += measure(item, lengths);
  } else {
    const keys = Object.keys(value);
    length = 2 + Math.max(keys.length - 1, 0); // braces and commas
    for (const key of keys) length += measureString(key) + 1 + measure(value[key] as JsonValue, lengths);
  }
  lengths.set(value, length);
  return length;
}

function isList(value: object): value is readonly JsonValue[] {
  return Array.isArray(value);
}

/** The length of a string written as JSON: quoted, with escapes. */
function measureString(text: string): number {
  return MAY_NEED_ESCAPE.test(text) ? JSON.stringify(text).length : text.length + 2;
}
