import { cursorError } from '../errors.js';
import { checksum } from './checksum.js';

const CURSOR = /^p1\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})$/;

/**
 * The cursor of a page that ended at `seq`: `p1.<seq, base 36>.<tag>`, the tag a checksum of the
 * trace id, the seq and `anchor` (the flow id of the trace's first record, random per trace: a
 * trace pruned and written again, or the trace of the same id in another table or database, has
 * another). Keyset: the next page is the records after `seq`, whatever was appended meanwhile.
 */
export async function encodeRowCursor(traceId: string, seq: number, anchor: string): Promise<string> {
  const body = seq.toString(36);
  return `p1.${body}.${await checksum(`read\n${traceId}\n${body}\n${anchor}`)}`;
}

/** The seq a cursor claims to continue after, checking its form only; anything else is `INPUT_INVALID` (field `cursor`). */
export function parseRowCursor(cursor: string): number {
  const seq = Number.parseInt(CURSOR.exec(cursor)?.[1] ?? '', 36);
  if (!Number.isSafeInteger(seq)) throw cursorError('is not a cursor of this PostgreSQL trace store');
  return seq;
}

/**
 * Checks that `cursor` (claiming `seq`) was given for `traceId` as it is now (`anchor` is the flow
 * id of its first record, `null` when it has none); `INPUT_INVALID` (field `cursor`) otherwise.
 */
export async function verifyRowCursor(traceId: string, cursor: string, seq: number, anchor: string | null): Promise<void> {
  if (anchor === null || cursor !== (await encodeRowCursor(traceId, seq, anchor))) {
    throw cursorError(`is not a cursor of trace "${traceId}" as it is now (altered, from another trace or store, or the trace was pruned)`);
  }
}
