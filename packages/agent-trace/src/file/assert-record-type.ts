import { AgentCoreError } from '@jangts/agent-types';

/** Longest record type, in UTF-16 code units. */
export const MAX_RECORD_TYPE_LENGTH = 128;

/** Throws `INPUT_INVALID` unless `type` is a non-empty string of at most {@link MAX_RECORD_TYPE_LENGTH} characters. */
export function assertRecordType(type: unknown, field = 'type'): asserts type is string {
  if (typeof type !== 'string' || type.length === 0 || type.length > MAX_RECORD_TYPE_LENGTH) {
    throw new AgentCoreError(
      'INPUT_INVALID',
      `${field} must be a non-empty string of at most ${MAX_RECORD_TYPE_LENGTH} characters`,
      { details: { field, limit: MAX_RECORD_TYPE_LENGTH, ...(typeof type === 'string' ? { actual: type.length } : {}) } },
    );
  }
}
