import type { JsonObject } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';
import { parser } from '@jangts/agent-types/internal';
import { RECORD_DATA_DOOR } from './doors.js';

/** Schema of a record's `data`: a plain JSON object. */
export const RecordDataSchema = Type.Record(Type.String(), Type.Unknown());

const recordData = /* @__PURE__ */ parser(RecordDataSchema, RECORD_DATA_DOOR);

/**
 * A checked copy of the `data` of `record(type, data)`, read once: a plain object (not an array,
 * not null) of JSON values (strings, finite numbers, booleans, null, lists without holes, plain
 * objects), without cycles, at most 1,000 levels deep. Symbol keys and non-enumerable properties
 * are not copied, as `JSON.stringify` would not write them. Anything else is `INPUT_INVALID`
 * naming the path (`data.items[2].at`).
 */
export function parseRecordData(data: unknown): JsonObject {
  return recordData.parse(data) as JsonObject;
}
