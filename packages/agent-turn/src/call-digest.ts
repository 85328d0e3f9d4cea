import { canonicalJson } from './canonical-json.js';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * The digest that binds a decision to a recorded proposal: SHA-256 (Web Crypto, any runtime) of
 * the canonical JSON text of `{ callId, toolId, args }`, in lowercase hex. Not a signature: it
 * shows a state's calls are the ones recorded, not who recorded them.
 */
export async function callDigest(call: { readonly callId: string; readonly toolId: string; readonly args: unknown }): Promise<string> {
  const text = canonicalJson({ callId: call.callId, toolId: call.toolId, args: call.args });
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest) hex += HEX[byte] as string;
  return hex;
}
