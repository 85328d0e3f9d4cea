import type { JsonObject, LogRecord } from '@jangts/agent-types';
import { storedRowError } from '../errors.js';
import { MAX_RECORD_TYPE_LENGTH } from '../record-type.js';

/**
 * The record one row of the records table holds, or `LOG_FAILED` saying why it is not one the
 * store wrote: a flow id, a type of 1 to 128 characters, a time, and data that is absent or a JSON
 * object. Read for every row of every page, so written by hand rather than through a schema.
 */
export function readStoredRow(traceId: string, table: string, seq: string, flowId: unknown, at: unknown, type: unknown, data: unknown): LogRecord {
  const fail = (problem: string): never => {
    throw storedRowError(traceId, table, seq, problem);
  };
  const number = Number(seq);
  if (!Number.isSafeInteger(number) || number < 0) fail('has a seq that is not a safe non-negative integer');
  if (typeof flowId !== 'string' || flowId.length === 0) fail('has no flow id');
  if (typeof type !== 'string' || type.length === 0 || type.length > MAX_RECORD_TYPE_LENGTH) fail(`has no type of 1 to ${MAX_RECORD_TYPE_LENGTH} characters`);
  if (typeof at !== 'string') fail('has no time');
  if (data === null) return { traceId, flowId: flowId as string, seq: number, at: at as string, type: type as string };
  if (typeof data !== 'string') return fail('has data that is not text');
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return fail('has data that is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('has data that is not a JSON object');
  return { traceId, flowId: flowId as string, seq: number, at: at as string, type: type as string, data: value as JsonObject };
}
