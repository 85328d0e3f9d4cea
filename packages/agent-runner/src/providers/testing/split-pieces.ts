/** How a recorded body is cut into the pieces the server writes. */
export type Chunking = 'whole' | 'events' | { readonly bytes: number };

/**
 * Cuts an SSE body into pieces: the whole body at once, one piece per event (cut after each
 * blank line), or fixed byte sizes (which split events, lines and UTF-8 characters).
 */
export function splitPieces(body: string, chunking: Chunking): Uint8Array[] {
  const bytes = new TextEncoder().encode(body);
  if (chunking === 'whole') return [bytes];
  if (chunking === 'events') {
    return body
      .split(/(?<=\n\n)/)
      .filter((piece) => piece !== '')
      .map((piece) => new TextEncoder().encode(piece));
  }
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += chunking.bytes) pieces.push(bytes.subarray(start, start + chunking.bytes));
  return pieces;
}
