import * as Type from '@jangts/agent-types/internal/type';
import { parser } from '@jangts/agent-types/internal';
import { RECORD_TYPE_DOOR } from './doors.js';

/** Longest record type, in UTF-16 code units. */
export const MAX_RECORD_TYPE_LENGTH = 128;

/** Schema of a record type (`model.start`): a string of 1 to {@link MAX_RECORD_TYPE_LENGTH} characters. */
export const RecordTypeSchema = Type.String({ minLength: 1, maxLength: MAX_RECORD_TYPE_LENGTH });

const recordType = /* @__PURE__ */ parser(RecordTypeSchema, RECORD_TYPE_DOOR);

/**
 * The `type` of `record(type, data)`, or `INPUT_INVALID` (field `type`). On the hot path of every
 * record: a valid type costs one `typeof` and a length; only a refusal goes through the door.
 */
export function parseRecordType(type: unknown): string {
  if (typeof type === 'string' && type.length >= 1 && type.length <= MAX_RECORD_TYPE_LENGTH) return type;
  return recordType.parse(type);
}
