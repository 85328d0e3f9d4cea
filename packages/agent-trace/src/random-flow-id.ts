const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A fresh flow id: 12 base64url characters of 9 random bytes (Web Crypto). */
export function randomFlowId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(9));
  let id = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const bits = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    for (let shift = 18; shift >= 0; shift -= 6) id += BASE64URL.charAt((bits >> shift) & 63);
  }
  return id;
}
