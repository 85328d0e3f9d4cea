/** Most bytes read from an error response body; the rest is cancelled unread. */
export const MAX_ERROR_BODY_BYTES = 16 * 1024;

/**
 * Reads at most {@link MAX_ERROR_BODY_BYTES} of a response body as UTF-8 text and cancels the
 * rest, so that a huge or endless error body can neither hang nor exhaust memory. A body that
 * fails while being read yields what arrived before the failure; `signal` cancels the body.
 */
export async function readBodyText(response: Response, signal?: AbortSignal): Promise<string> {
  if (response.body === null) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  // An abort cancels the body at once, so a stalled read ends (and the connection is released)
  // even when the App's fetch ignores the signal.
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < MAX_ERROR_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut off mid-read is still worth reporting as far as it got.
  } finally {
    signal?.removeEventListener('abort', cancel);
    cancel();
  }
  return text + decoder.decode();
}
