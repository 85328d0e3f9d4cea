import { createHash } from 'node:crypto';
import { cursorError } from '../errors.js';

/**
 * Leading bytes of the trace file a cursor is bound to. They include the first record's random
 * flow id, so a cursor of a trace file that was pruned and written anew, or of another store's
 * file of the same trace, no longer matches.
 */
export const CURSOR_PREFIX_BYTES = 256;

const CURSOR = /^v2\.([0-9a-z]{1,11})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})$/;

/** Where a page starts: the byte offset of a line, and the `seq` the next record there must have. */
export interface LogCursorPosition {
  readonly offset: number;
  readonly nextSeq: number;
}

/**
 * Encodes a position into an opaque cursor, `v2.<offset>.<next seq>.<tag>` (base 36): the tag is
 * a SHA-256 checksum of the trace id, the position and `prefix` (the file's first
 * `min(offset, CURSOR_PREFIX_BYTES)` bytes, which never change in an append-only file).
 */
export function encodeLogCursor(traceId: string, position: LogCursorPosition, prefix: Uint8Array): string {
  const body = `${position.offset.toString(36)}.${position.nextSeq.toString(36)}`;
  return `v2.${body}.${tag(traceId, body, prefix)}`;
}

/** The position a cursor claims, checking its form only; anything else is `INPUT_INVALID` (field `cursor`). */
export function parseLogCursor(cursor: string): LogCursorPosition {
  const match = CURSOR.exec(cursor);
  const offset = Number.parseInt(match?.[1] ?? '', 36);
  const nextSeq = Number.parseInt(match?.[2] ?? '', 36);
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(nextSeq)) throw cursorError('is not a cursor of this log store');
  return { offset, nextSeq };
}

/**
 * The position of a cursor of {@link encodeLogCursor}, given the current file's `prefix`. A cursor
 * that was altered, belongs to another trace or store, or to an earlier file of this trace is
 * `INPUT_INVALID` (field `cursor`).
 */
export function decodeLogCursor(traceId: string, cursor: string, prefix: Uint8Array): LogCursorPosition {
  const position = parseLogCursor(cursor);
  if (cursor !== encodeLogCursor(traceId, position, prefix)) {
    throw cursorError(`is not a cursor of trace "${traceId}" as it is now (altered, from another trace or store, or the trace was pruned)`);
  }
  return position;
}

function tag(traceId: string, body: string, prefix: Uint8Array): string {
  return createHash('sha256').update(`${traceId}\n${body}\n`).update(prefix).digest('base64url').slice(0, 16);
}
