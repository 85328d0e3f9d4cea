import { readFixture } from './fixture-path.js';
import type { ReplayResponse } from './replay-server.js';
import { splitPieces, type Chunking } from './split-pieces.js';
import { sseFromJsonl } from './sse-from-jsonl.js';

/**
 * A replay response for a recorded stream under `__fixtures__/`: `.sse` bodies as they are,
 * `.chunks.jsonl` framed as SSE (with `event:` lines when `namedEvents`), cut per `chunking`.
 */
export function serveRecording(relative: string, chunking: Chunking, namedEvents = false): ReplayResponse {
  const text = readFixture(relative);
  const body = relative.endsWith('.jsonl') ? sseFromJsonl(text, namedEvents) : text;
  return { pieces: splitPieces(body, chunking) };
}

/** The chunkings every recorded stream is replayed in: whole, one event per write, 7-byte pieces. */
export const CHUNKINGS: readonly Chunking[] = ['whole', 'events', { bytes: 7 }];
