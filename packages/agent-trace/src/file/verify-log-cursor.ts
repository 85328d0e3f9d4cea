import type { FileHandle } from 'node:fs/promises';
import { cursorError } from '../errors.js';
import { CURSOR_PREFIX_BYTES, decodeLogCursor, parseLogCursor, type LogCursorPosition } from './log-cursor.js';
import { NEWLINE } from './read-limits.js';

/** The first `min(offset, CURSOR_PREFIX_BYTES)` bytes of the file, which a cursor at `offset` is bound to. */
export async function readCursorPrefix(handle: FileHandle, offset: number): Promise<Buffer> {
  const prefix = Buffer.alloc(Math.min(offset, CURSOR_PREFIX_BYTES));
  const { bytesRead } = await handle.read(prefix, 0, prefix.length, 0);
  return prefix.subarray(0, bytesRead);
}

/**
 * The position of `cursor` once it is proven to belong to this trace file as it is now: its
 * checksum matches the file's first bytes, and it points at the start of a line within the
 * first `end` bytes. Otherwise `INPUT_INVALID` (field `cursor`).
 */
export async function verifyLogCursor(handle: FileHandle, traceId: string, cursor: string, end: number): Promise<LogCursorPosition> {
  const position = decodeLogCursor(traceId, cursor, await readCursorPrefix(handle, parseLogCursor(cursor).offset));
  const { offset } = position;
  let valid = offset <= end;
  if (valid && offset > 0) {
    const byte = Buffer.alloc(1);
    const { bytesRead } = await handle.read(byte, 0, 1, offset - 1);
    valid = bytesRead === 1 && byte[0] === NEWLINE;
  }
  if (!valid) throw cursorError(`does not point at a line of trace "${traceId}"`);
  return position;
}
