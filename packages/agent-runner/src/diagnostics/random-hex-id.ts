/**
 * A random lowercase hex id of `bytes` bytes from the platform's CSPRNG, never all zero (as
 * W3C trace context requires).
 */
export function randomHexId(bytes: 8 | 16): string {
  const buffer = new Uint8Array(bytes);
  do {
    globalThis.crypto.getRandomValues(buffer);
  } while (buffer.every((byte) => byte === 0));
  let hex = '';
  for (const byte of buffer) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
