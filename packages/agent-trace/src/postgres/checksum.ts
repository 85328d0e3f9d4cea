const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const encoder = new TextEncoder();

/**
 * The first 12 bytes of the SHA-256 of `text` (Web Crypto), as 16 base64url characters: the tag
 * binding a cursor to what it was given for. A checksum, not a secret.
 */
export async function checksum(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let tag = '';
  for (let index = 0; index < 12; index += 3) {
    const bits = ((digest[index] ?? 0) << 16) | ((digest[index + 1] ?? 0) << 8) | (digest[index + 2] ?? 0);
    for (let shift = 18; shift >= 0; shift -= 6) tag += BASE64URL.charAt((bits >> shift) & 63);
  }
  return tag;
}
