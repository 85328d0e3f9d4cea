import { parser } from '@jangts/agent-types/internal';
import * as Type from 'typebox';
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

const position = parser(LogSourcePositionSchema, { subject: 'log source cursor', code: 'INPUT_INVALID', name: 'cursor' });

const CURSOR = /^s1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/**
 * Encodes `at` into an opaque cursor of the source `sourceId`: `s1.<position>.<tag>`, the position
 * as base64url JSON, the tag a SHA-256 checksum (Web Crypto) of the source id and the position.
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

async function tag(sourceId: string, body: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(`reflection-log-source\n${sourceId}\n${body}`));
  return base64url(new Uint8Array(digest).subarray(0, 16));
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
