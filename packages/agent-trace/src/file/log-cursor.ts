import { createHash } from 'node:crypto';
import { cursorError } from '../errors.js';

/**
 * Leading bytes of the trace file a cursor is bound to. They include the first record's random
 * flow id, so a cursor of a trace file that was pruned and written anew no longer matches.
 */
export const CURSOR_PREFIX_BYTES = 256;

const CURSOR = /^v1\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})$/;

/**
 * Encodes a byte offset into an opaque cursor, `v1.<offset>.<tag>`: the tag is a SHA-256
 * checksum of the trace id, the offset, and `prefix` (the file's first
 * `min(offset, CURSOR_PREFIX_BYTES)` bytes, which never change in an append-only file).
 */
export function encodeLogCursor(traceId: string, offset: number, prefix: Uint8Array): string {
  const encodedOffset = offset.toString(36);
  return `v1.${encodedOffset}.${tag(traceId, encodedOffset, prefix)}`;
}

/** The offset a cursor claims, checking its form only; anything else throws `INPUT_INVALID`. */
export function parseLogCursorOffset(cursor: unknown): number {
  const encodedOffset = typeof cursor === 'string' ? CURSOR.exec(cursor)?.[1] : undefined;
  const offset = encodedOffset === undefined ? Number.NaN : Number.parseInt(encodedOffset, 36);
  if (!Number.isSafeInteger(offset)) {
    throw cursorError('is not a cursor of this log store');
  }
  return offset;
}

/**
 * The byte offset of a cursor of {@link encodeLogCursor}, given the current file's `prefix`. A
 * cursor that was altered, belongs to another trace, or to an earlier file of this trace throws
 * `INPUT_INVALID` (field `cursor`).
 */
export function decodeLogCursor(traceId: string, cursor: unknown, prefix: Uint8Array): number {
  const offset = parseLogCursorOffset(cursor);
  const encodedOffset = offset.toString(36);
  if (cursor !== `v1.${encodedOffset}.${tag(traceId, encodedOffset, prefix)}`) {
    throw cursorError(`is not a cursor of trace "${traceId}" as it is now (altered, from another trace or store, or the trace was pruned)`);
  }
  return offset;
}

function tag(traceId: string, encodedOffset: string, prefix: Uint8Array): string {
  return createHash('sha256').update(`${traceId}\n${encodedOffset}\n`).update(prefix).digest('base64url').slice(0, 16);
}
