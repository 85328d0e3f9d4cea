/**
 * Reads the fields of a record's data that spans carry. A record is the App's JSON: a field of
 * another kind than the one written by the runner or the turn kit is left off the span (the
 * record in the store keeps it), so one odd record never costs the others their spans.
 */

/** A record's data as the mapping reads it. */
export type RecordFields = Readonly<Record<string, unknown>> | undefined;

/** A non-empty string field. */
export function textField(data: RecordFields, key: string): string | undefined {
  const value = data?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A finite number field. */
export function numberField(data: RecordFields, key: string): number | undefined {
  const value = data?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A boolean field. */
export function flagField(data: RecordFields, key: string): boolean | undefined {
  const value = data?.[key];
  return typeof value === 'boolean' ? value : undefined;
}

/** A list of strings. */
export function textListField(data: RecordFields, key: string): string[] | undefined {
  const value = data?.[key];
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? [...value] : undefined;
}

/** An object field (`usage`, `span`). */
export function objectField(data: RecordFields, key: string): RecordFields {
  const value = data?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Readonly<Record<string, unknown>>) : undefined;
}
