import { LogRecordSchema, type JsonObject, type LogRecord } from '@jangts/agent-types';
import { compileSchema, findNonJson } from '@jangts/agent-types/internal';
import { inputInvalid, readingGuarded } from './reflection-errors.js';

const SCOPE = 'log record';
const logRecordValidator = compileSchema(LogRecordSchema);

/**
 * The stable evidence id of a log record: `<traceId>:<seq>`.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the argument when `traceId` is not a non-empty
 * string or `seq` is not a non-negative safe integer.
 */
export function logEvidenceId(traceId: string, seq: number): string {
  if (typeof traceId !== 'string' || traceId === '') throw inputInvalid(SCOPE, 'traceId', 'must be a non-empty string');
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) throw inputInvalid(SCOPE, 'seq', 'must be a non-negative safe integer');
  return evidenceId(traceId, seq);
}

/** A checked record as evidence (the log source checks each page once, then calls this). */
export type CheckedLogRecord = LogRecord & { readonly data?: JsonObject };

/**
 * A log record as reflection evidence: id `<traceId>:<seq>`, `type` the record type, `text` a
 * compact one-line rendering (`<type> flow=<flowId> <data as JSON>`), `at` the record time,
 * `run` the trace id, `data` `{ flowId, seq, data? }` (the record's own data under `data`).
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field when `record` does not match
 * `LogRecordSchema` or its `data` is not plain JSON (a throwing getter or proxy included).
 */
export function logRecordToEvidence(record: LogRecord): { id: string; type: string; text: string; at: string; run: string; data: JsonObject } {
  readingGuarded('INPUT_INVALID', SCOPE, 'record', () => {
    const issue = logRecordValidator.issues(record, 1)[0];
    if (issue !== undefined) throw inputInvalid(SCOPE, issue.path === '' ? 'record' : `record${issue.path.replaceAll('/', '.')}`, issue.message);
    // The schema's integer allows 2**53 and more, where `<traceId>:<seq>` would stop being unique.
    if (!Number.isSafeInteger(record.seq)) throw inputInvalid(SCOPE, 'record.seq', 'must be a non-negative safe integer');
    const nonJson = record.data === undefined ? undefined : findNonJson(record.data);
    if (nonJson !== undefined) throw inputInvalid(SCOPE, `record.data${nonJson.replaceAll('/', '.')}`, 'is not plain JSON');
  });
  return checkedLogRecordToEvidence(record as CheckedLogRecord);
}

/** {@link logRecordToEvidence} of a record already checked. */
export function checkedLogRecordToEvidence(record: CheckedLogRecord): { id: string; type: string; text: string; at: string; run: string; data: JsonObject } {
  const data = record.data;
  const payload = data === undefined || Object.keys(data).length === 0 ? '' : ` ${renderData(data)}`;
  return {
    id: evidenceId(record.traceId, record.seq),
    type: record.type,
    text: `${record.type} flow=${record.flowId}${payload}`,
    at: record.at,
    run: record.traceId,
    data: { flowId: record.flowId, seq: record.seq, ...(data === undefined ? {} : { data }) },
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
    throw inputInvalid(SCOPE, 'record.data', `cannot be rendered as text (${error instanceof Error ? error.message : 'the JSON is too long'})`);
  }
}

function evidenceId(traceId: string, seq: number): string {
  return `${traceId}:${seq}`;
}
