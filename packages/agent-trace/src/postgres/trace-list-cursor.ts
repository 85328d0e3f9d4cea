import { listCursorError } from '../errors.js';
import { checksum } from './checksum.js';

const CURSOR = /^l1\.([A-Za-z0-9._-]{1,120})\.([A-Za-z0-9_-]{16})$/;

/** The cursor of a list page ending at `traceId`: `l1.<trace id>.<tag>`, the tag a checksum binding it to the table. */
export async function encodeTraceListCursor(table: string, traceId: string): Promise<string> {
  return `l1.${traceId}.${await checksum(`list\n${table}\n${traceId}`)}`;
}

/** The trace id a list cursor of this table continues after; anything else is `INPUT_INVALID` (field `cursor`). */
export async function decodeTraceListCursor(table: string, cursor: string): Promise<string> {
  const traceId = CURSOR.exec(cursor)?.[1];
  if (traceId === undefined || cursor !== (await encodeTraceListCursor(table, traceId))) throw listCursorError();
  return traceId;
}
