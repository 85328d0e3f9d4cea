import { createHash } from 'node:crypto';
import { listCursorError } from '../errors.js';

const CURSOR = /^l1\.([A-Za-z0-9._-]{1,120})\.([A-Za-z0-9_-]{16})$/;

/** The cursor of a list page ending at `traceId`: `l1.<trace id>.<tag>`, the tag a SHA-256 checksum binding it to the store's directory. */
export function encodeTraceListCursor(directory: string, traceId: string): string {
  return `l1.${traceId}.${tag(directory, traceId)}`;
}

/** The trace id a list cursor of this store continues after; anything else is `INPUT_INVALID` (field `cursor`). */
export function decodeTraceListCursor(directory: string, cursor: string): string {
  const traceId = CURSOR.exec(cursor)?.[1];
  if (traceId === undefined || cursor !== encodeTraceListCursor(directory, traceId)) throw listCursorError();
  return traceId;
}

function tag(directory: string, traceId: string): string {
  return createHash('sha256').update(`list\n${directory}\n${traceId}`).digest('base64url').slice(0, 16);
}
