/** Widest sequence number in decimal digits (`Number.MAX_SAFE_INTEGER`), allowed for in size checks. */
export const MAX_SEQ_DIGITS = 16;

/**
 * One validated record waiting in a trace's write queue. Its sequence number is assigned when
 * it is written, in queue order: the line is `head + seq + tail + "\n"`.
 */
export interface PendingRecord {
  /** `{"traceId":…,"flowId":…,"seq":`, shared by every record of a flow. */
  readonly head: string;
  /** `,"at":…,"type":…,"data":…}` */
  readonly tail: string;
  /** UTF-8 bytes of `head` and `tail` together (the sequence number and newline excluded). */
  readonly bytes: number;
}

/** The part of a record line fixed for a whole flow, built once when the flow opens. */
export interface RecordHead {
  readonly traceId: string;
  readonly flowId: string;
  /** `{"traceId":…,"flowId":…,"seq":` */
  readonly text: string;
  /** UTF-8 bytes of `text`. */
  readonly bytes: number;
}

/** Builds the line head of a flow; fields are written in `LogRecord` order. */
export function createRecordHead(traceId: string, flowId: string): RecordHead {
  const text = `{"traceId":${JSON.stringify(traceId)},"flowId":${JSON.stringify(flowId)},"seq":`;
  return { traceId, flowId, text, bytes: Buffer.byteLength(text) };
}

/** Builds the queued form of one record of the flow of `head`; `dataJson` is already serialised. */
export function createPendingRecord(head: RecordHead, at: string, type: string, dataJson: string | undefined): PendingRecord {
  const data = dataJson === undefined ? '' : `,"data":${dataJson}`;
  const tail = `,"at":"${at}","type":${JSON.stringify(type)}${data}}`;
  return { head: head.text, tail, bytes: head.bytes + Buffer.byteLength(tail) };
}
