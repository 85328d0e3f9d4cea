import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { MAX_EVIDENCE_ID_LENGTH } from './reflection-evidence.js';

/** Where a page of a log source over many runs continues. */
export const LogSourcePositionSchema = Type.Object(
  {
    /** The run (trace id) to read next. */
    run: Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH }),
    /** The reader's cursor in that run; absent: from its start. */
    cursor: Type.Optional(Type.String({ minLength: 1 })),
    /** True when the pages go on through the scope (a query without `run`), false for a query of this run only. */
    scope: Type.Boolean(),
    /** True when an earlier run of the chain was not read completely (its page said so, or had gaps). */
    incomplete: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** A position of {@link LogSourcePositionSchema}. */
export type LogSourcePosition = Static<typeof LogSourcePositionSchema>;

const position = /* @__PURE__ */ parser(LogSourcePositionSchema, { subject: 'log source cursor', code: 'INPUT_INVALID', name: 'cursor' });

const CURSOR = /^s1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/**
 * Encodes `at` into an opaque cursor of the source `sourceId`: `s1.<position>.<tag>`, the position
 * as base64url JSON, the tag a 128-bit checksum of the source id and the position (no secret: it detects alteration).
 * Its size is that of one run id and one reader cursor, whatever the number of runs.
 */
export async function encodeLogSourceCursor(sourceId: string, at: LogSourcePosition): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(at)));
  return `s1.${body}.${await tag(sourceId, body)}`;
}

/**
 * The position of a cursor of {@link encodeLogSourceCursor} for `sourceId`, or `undefined` when
 * it is not one (altered, of another source, or not a cursor of this kind).
 */
export async function decodeLogSourceCursor(sourceId: string, cursor: string): Promise<LogSourcePosition | undefined> {
  const match = CURSOR.exec(cursor);
  if (match === null || match[2] !== (await tag(sourceId, match[1] ?? ''))) return undefined;
  try {
    return position.parse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(match[1] ?? ''))));
  } catch {
    return undefined; // a checksum that matches a body we never wrote: still not our cursor
  }
}

/** The last mixing step of MurmurHash3's 32-bit finalizer: every input bit reaches every output bit. */
function mix(hash: number): number {
  let value = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/**
 * A 128-bit checksum of the source id and the position (four 32-bit multiply-xor lanes, each
 * lane fed every code unit and its neighbour's state, then finalized): it detects an altered or
 * foreign cursor; it is no secret (authorization never rests on a cursor). Synchronous and
 * without Web Crypto, whose `subtle` a page outside a secure context lacks.
 */
async function tag(sourceId: string, body: string): Promise<string> {
  const text = `reflection-log-source\n${sourceId}\n${body}`;
  let h1 = 0x6a09e667;
  let h2 = 0xbb67ae85;
  let h3 = 0x3c6ef372;
  let h4 = 0xa54ff53a;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ unit, 0x9e3779b1) ^ (h4 >>> 15);
    h2 = Math.imul(h2 ^ unit, 0x85ebca77) ^ (h1 >>> 13);
    h3 = Math.imul(h3 ^ unit, 0xc2b2ae3d) ^ (h2 >>> 16);
    h4 = Math.imul(h4 ^ unit, 0x27d4eb2f) ^ (h3 >>> 17);
  }
  const lanes = [mix(h1 ^ text.length), mix(h2 ^ h1), mix(h3 ^ h2), mix(h4 ^ h3)];
  const bytes = new Uint8Array(16);
  for (const [lane, value] of lanes.entries()) for (let byte = 0; byte < 4; byte++) bytes[lane * 4 + byte] = (value >>> (byte * 8)) & 0xff;
  return Promise.resolve(base64url(bytes));
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
