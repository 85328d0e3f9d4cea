/**
 * One append-only record of a trace: written by a {@link @jangts/agent-types!SubFlowLog | SubFlowLog},
 * read back by a {@link ReflectionLogReader}.
 */
export interface LogRecord {
  /** Trace this record belongs to. */
  readonly traceId: string;
  /** Sub-flow (operation) inside the trace that wrote it. */
  readonly flowId: string;
  /** Sequence number, strictly increasing within the trace. */
  readonly seq: number;
  /** ISO 8601 time it was recorded. */
  readonly at: string;
  /** Record type, e.g. `model.start`. */
  readonly type: string;
  /** Small JSON payload. */
  readonly data?: Record<string, unknown> | undefined;
}
