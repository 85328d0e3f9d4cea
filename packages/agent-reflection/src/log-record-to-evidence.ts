import type { JsonObject, LogRecord } from '@jangts/agent-types';

/** The stable evidence id of a log record: `<traceId>:<seq>`. */
export function logEvidenceId(traceId: string, seq: number): string {
  return `${traceId}:${seq}`;
}

/**
 * A log record as reflection evidence: id `<traceId>:<seq>`, `type` the record type, `text` a
 * compact one-line rendering (`<type> flow=<flowId> <data as JSON>`), `at` the record time,
 * `run` the trace id, `data` `{ flowId, seq, data? }` (the record's own data under `data`).
 * `record.data` must be plain JSON (the caller checks).
 */
export function logRecordToEvidence(record: LogRecord): {
  id: string;
  type: string;
  text: string;
  at: string;
  run: string;
  data: JsonObject;
} {
  const data = record.data as JsonObject | undefined;
  const payload = data === undefined || Object.keys(data).length === 0 ? '' : ` ${JSON.stringify(data)}`;
  return {
    id: logEvidenceId(record.traceId, record.seq),
    type: record.type,
    text: `${record.type} flow=${record.flowId}${payload}`,
    at: record.at,
    run: record.traceId,
    data: { flowId: record.flowId, seq: record.seq, ...(data === undefined ? {} : { data }) },
  };
}
