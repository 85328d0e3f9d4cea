/*
 * An SSE response body served from memory, so a provider's parsing is measured without a network.
 */

/**
 * Cuts the body into the pieces a socket delivers: sizes cycle through a fixed, realistic mix
 * (small TLS records to 16 KiB reads), so every run sees the same cuts, mid-event and
 * mid-character included.
 */
export function cutIntoReads(body: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(body);
  const sizes = [1371, 4096, 512, 16384, 2920, 8192, 1460, 733, 16384, 4096];
  const pieces: Uint8Array[] = [];
  for (let start = 0, index = 0; start < bytes.length; index += 1) {
    const size = sizes[index % sizes.length] ?? 4096;
    pieces.push(bytes.subarray(start, start + size));
    start += size;
  }
  return pieces;
}

/** A fresh readable body that yields `pieces` one per read. */
export function bodyOf(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index];
      index += 1;
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
  });
}

/** A `fetch` that answers every request from memory with the pieces, so only parsing is measured. */
export function inMemoryFetch(pieces: readonly Uint8Array[]): typeof globalThis.fetch {
  return () => Promise.resolve(new Response(bodyOf(pieces), { headers: { 'content-type': 'text/event-stream' } }));
}
