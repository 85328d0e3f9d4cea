import type { JsonObject } from './json-value.js';

/**
 * An explicit recorder for one operation: one sub-flow of a trace. Records are append-only,
 * each stored with trace id, flow id, sequence number, time, type and data.
 */
export interface SubFlowLog {
  /** Trace this sub-flow belongs to. */
  readonly traceId: string;
  /** Id of this sub-flow, unique within the trace. */
  readonly flowId: string;
  /** Id of the sub-flow that opened this one, if any. */
  readonly parentFlowId?: string | undefined;
  /**
   * Appends one typed event with a small JSON payload. Invalid input (empty type, non-JSON or
   * oversized data) throws `AgentCoreError`; the write itself is ordered and never interleaved.
   */
  record(type: string, data?: JsonObject): void;
  /** Opens a child sub-flow of this one; `name` is recorded with its start. */
  child(name?: string): SubFlowLog;
}
