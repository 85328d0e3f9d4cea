import type { LogRecord } from '@jangts/agent-types';
import { MAX_RECORD_TYPE_LENGTH } from '../record-type.js';

/**
 * The record a parsed line of a trace file holds, or why it is not one of `traceId`: an object
 * with `traceId` (that trace), a non-empty `flowId`, a non-negative integer `seq`, a non-empty `at`,
 * a `type` of 1 to 128 characters and, when present, an object `data`. Other keys are left out.
 * Read for every line of every page, so written by hand rather than through a schema.
 */
export function readStoredRecord(value: unknown, traceId: string): LogRecord | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object';
  const { traceId: owner, flowId, seq, at, type, data } = value as Readonly<Record<string, unknown>>;
  if (owner !== traceId) return typeof owner === 'string' ? `is a record of trace ${JSON.stringify(owner.slice(0, 200))}` : 'has no traceId';
  if (typeof flowId !== 'string' || flowId.length === 0) return 'has no flowId';
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return 'has no valid seq';
  if (typeof at !== 'string' || at.length === 0) return 'has no at';
  if (typeof type !== 'string' || type.length === 0 || type.length > MAX_RECORD_TYPE_LENGTH) return 'has no valid type';
  if (data === undefined) return { traceId, flowId, seq, at, type };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'has data that is not an object';
  return { traceId, flowId, seq, at, type, data: data as Record<string, unknown> };
}
