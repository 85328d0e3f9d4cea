import type { LogRecord } from '@jangts/agent-types';

/** The element id of a trace record on the page, the target of every citation of it. */
export function recordAnchor(record: Pick<LogRecord, 'seq'>): string {
  return `record-${record.seq}`;
}
