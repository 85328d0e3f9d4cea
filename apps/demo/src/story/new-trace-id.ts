import { randomBytes } from 'node:crypto';
import { SUPPORT_TICKET } from './support-ticket.js';

/**
 * A fresh trace id per run, e.g. `ticket-4711-20240501-101500-3f9a`: sortable by time, unique
 * even when several runs share one `--log-dir`, and within the file log store's allow-list
 * (letters, digits, `.`, `_`, `-`; lower case keeps the file name equal to the id).
 */
export function newTraceId(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `ticket-${SUPPORT_TICKET.id}-${stamp}-${randomBytes(2).toString('hex')}`;
}
