import { LogRecordSchema, type JsonObject, type LogRecord } from '@jangts/agent-types';
import { parser, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { inputRefusedError } from './errors.js';

/** Schema of a `LogRecord` evidence is made of: `seq` a safe integer (so `<traceId>:<seq>` stays unique), `data` plain JSON. */
export const EvidenceRecordSchema = Type.Object({ ...LogRecordSchema.properties, seq: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) });

/** A log record as read by {@link EvidenceRecordSchema}. */
export type EvidenceRecord = Static<typeof EvidenceRecordSchema>;

const door: InputDoor = { subject: 'logRecordToEvidence', code: 'INPUT_INVALID', name: 'record', qualify: true };
const record = /* @__PURE__ */ parser(EvidenceRecordSchema, door);

/**
 * A log record as reflection evidence: id `<traceId>:<seq>`, `type` the record type, `text` a
 * compact one-line rendering (`<type> flow=<flowId> <data as JSON>`), `at` the record time,
 * `run` the trace id, `data` `{ flowId, seq, data? }` (the record's own data under `data`).
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field (`record.seq`, `record.data.n`) when
 * `record` does not match `LogRecordSchema`, its `seq` is not a safe integer or its `data` is not
 * plain JSON (a throwing getter or proxy included).
 */
export function logRecordToEvidence(value: LogRecord): { id: string; type: string; text: string; at: string; run: string; data: JsonObject } {
  return evidenceOfRecord(record.parse(value));
}

/** {@link logRecordToEvidence} of a record already read through {@link EvidenceRecordSchema}. */
export function evidenceOfRecord(checked: EvidenceRecord): { id: string; type: string; text: string; at: string; run: string; data: JsonObject } {
  const data = checked.data as JsonObject | undefined;
  const payload = data === undefined || Object.keys(data).length === 0 ? '' : ` ${renderData(data)}`;
  return {
    id: `${checked.traceId}:${checked.seq}`,
    type: checked.type,
    text: `${checked.type} flow=${checked.flowId}${payload}`,
    at: checked.at,
    run: checked.traceId,
    data: { flowId: checked.flowId, seq: checked.seq, ...(data === undefined ? {} : { data }) },
  };
}

/**
 * The record's data as JSON. Data that reuses its objects renders each of them wherever it
 * appears, and may be longer than any string the engine can hold: that is `INPUT_INVALID`.
 */
function renderData(data: JsonObject): string {
  try {
    return JSON.stringify(data);
  } catch (error) {
    throw inputRefusedError(door, { path: ['data'], rule: 'size', problem: `cannot be rendered as text (${error instanceof Error ? error.message : 'the JSON is too long'})`, cause: error });
  }
}
