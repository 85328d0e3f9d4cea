/** One checked record waiting in a trace's write queue; its `seq` is given when its batch is written. */
export interface PendingRow {
  readonly flowId: string;
  /** When `record()` was called, ISO 8601 in UTC. */
  readonly at: string;
  readonly type: string;
  /** `data` as JSON text, `null` when the record has none. */
  readonly data: string | null;
  /** UTF-8 bytes of the record as a JSON line, its `seq` aside: what the trace's size counts. */
  readonly bytes: number;
}
