/** True for a non-null, non-array object: the shape of every JSON object read from the wire. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
