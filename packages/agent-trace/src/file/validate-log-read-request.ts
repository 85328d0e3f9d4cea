import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { detailValue } from '@jangts/agent-types/internal';
import { assertRecordType } from './assert-record-type.js';
import { readingGuarded } from './reading-guarded.js';
import { parseLogCursorOffset } from './log-cursor.js';
import { assertTraceId } from './trace-file-name.js';

/** Most records one `read` may ask for. */
export const MAX_READ_LIMIT = 10_000;

/** Most record types one `read` may filter on. */
export const MAX_READ_TYPES = 256;

/** A `read` request after validation. */
export interface ValidLogReadRequest {
  readonly traceId: string;
  /** `undefined` when every type is wanted (no `types`, or an empty list). */
  readonly types: ReadonlySet<string> | undefined;
  /** The cursor, well-formed; its checksum is verified against the file when it is read. */
  readonly cursor: string | undefined;
  readonly limit: number;
  readonly signal: AbortSignal;
}

/**
 * Validates a `ReflectionLogReader.read` request: an object with a valid trace id, a `limit`
 * from 1 to {@link MAX_READ_LIMIT}, optional `types` (non-empty strings; an empty list means
 * every type), an optional well-formed cursor, and an `AbortSignal`, and no other field. Throws
 * `INPUT_INVALID` naming the field (`request` when reading it threw).
 */
export function validateLogReadRequest(request: unknown): ValidLogReadRequest {
  return readingGuarded('INPUT_INVALID', 'request', () => validate(request));
}

const REQUEST_KEYS = new Set(['traceId', 'types', 'cursor', 'limit', 'signal']);

function validate(request: unknown): ValidLogReadRequest {
  if (typeof request !== 'object' || request === null) throw invalid('request', 'must be an object');
  // An unknown key is most likely a misspelt one (`cursr`): read as absent, it would page forever.
  for (const key of Object.keys(request)) {
    if (!REQUEST_KEYS.has(key)) throw invalid(key, `is not a field of a read request (${[...REQUEST_KEYS].join(', ')})`);
  }
  const { traceId, types, cursor, limit, signal } = request as Record<string, unknown>;
  if (!isAbortSignal(signal)) throw invalid('signal', 'must be an AbortSignal');
  assertTraceId(traceId);
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_READ_LIMIT) {
    throw invalid('limit', `must be an integer from 1 to ${MAX_READ_LIMIT}`, { minimum: 1, limit: MAX_READ_LIMIT, actual: detailValue(limit) });
  }
  if (cursor !== undefined) parseLogCursorOffset(cursor);
  return {
    traceId,
    types: validateTypes(types),
    cursor: cursor as string | undefined,
    limit,
    signal,
  };
}

function validateTypes(types: unknown): ReadonlySet<string> | undefined {
  if (types === undefined) return undefined;
  if (!Array.isArray(types)) throw invalid('types', 'must be an array of record types');
  if (types.length > MAX_READ_TYPES) throw invalid('types', `must list at most ${MAX_READ_TYPES} types`, { limit: MAX_READ_TYPES });
  types.forEach((type: unknown, index) => {
    assertRecordType(type, `types[${index}]`);
  });
  return types.length === 0 ? undefined : new Set(types as string[]);
}

function isAbortSignal(value: unknown): value is AbortSignal {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AbortSignal>;
  return typeof candidate.aborted === 'boolean' && typeof candidate.addEventListener === 'function';
}

function invalid(field: string, problem: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `${field} ${problem}`, { details: { field, ...extra } });
}
