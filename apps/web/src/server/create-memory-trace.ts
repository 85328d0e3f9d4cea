import { AgentCoreError, type JsonObject, type JsonValue, type LogPage, type LogReadRequest, type LogRecord, type ReflectionLogReader, type SubFlowLog } from '@jangts/agent-types';

/** Longest record type and flow name, in UTF-16 code units (as the file log store has them). */
export const MAX_RECORD_TYPE_LENGTH = 128;
/** Largest record data, in characters of its JSON text. */
export const MAX_RECORD_DATA_CHARS = 16_384;
/** Most records one `read` may ask for. */
export const MAX_READ_LIMIT = 10_000;

const CURSOR_PATTERN = /^memory:(0|[1-9][0-9]{0,15})$/;

/** One trace held in memory: `SubFlowLog`s that record into it, and a reader over the same records. */
export interface MemoryTrace {
  readonly traceId: string;
  /** Opens a root flow of the trace and records its `flow.start` with `{ name }`. */
  open(name: string): SubFlowLog;
  /** Reads the trace page by page (the reflection's log source reads through this). */
  readonly reader: ReflectionLogReader;
  /** Every record so far, in sequence order (a copy). */
  records(): readonly LogRecord[];
}

/**
 * A trace kept in memory, for an App that has no file store at hand (a server holding one
 * request's trace, a browser): records are append-only, numbered from 0 across the trace, each a
 * frozen copy of what was recorded. `record` refuses an empty or over-long type and data that is
 * not plain JSON or is over {@link MAX_RECORD_DATA_CHARS} (`INPUT_INVALID` naming the field).
 * The reader's cursor is opaque (`memory:<position>`); a page is complete when it reaches the
 * end, and there are never gaps: nothing is lost in memory.
 */
export function createMemoryTrace(traceId: string, now: () => Date = () => new Date()): MemoryTrace {
  if (typeof traceId !== 'string' || traceId === '') throw invalid('traceId', 'must be a non-empty string');
  const records: LogRecord[] = [];
  let flows = 0;

  const append = (flowId: string, type: unknown, data: unknown): void => {
    if (typeof type !== 'string' || type === '' || type.length > MAX_RECORD_TYPE_LENGTH) {
      throw invalid('type', `must be a non-empty string of at most ${MAX_RECORD_TYPE_LENGTH} characters`, { limit: MAX_RECORD_TYPE_LENGTH });
    }
    const copy = data === undefined ? undefined : jsonCopy(data);
    const record: LogRecord = { traceId, flowId, seq: records.length, at: now().toISOString(), type, ...(copy === undefined ? {} : { data: copy }) };
    records.push(Object.freeze(record));
  };

  const openFlow = (name: string | undefined, parentFlowId: string | undefined): SubFlowLog => {
    if (name !== undefined && (typeof name !== 'string' || name === '' || name.length > MAX_RECORD_TYPE_LENGTH)) {
      throw invalid('name', `must be a non-empty string of at most ${MAX_RECORD_TYPE_LENGTH} characters`, { limit: MAX_RECORD_TYPE_LENGTH });
    }
    flows += 1;
    const flowId = `flow-${flows}`;
    const start: JsonObject = { ...(name === undefined ? {} : { name }), ...(parentFlowId === undefined ? {} : { parentFlowId }) };
    append(flowId, 'flow.start', Object.keys(start).length === 0 ? undefined : start);
    return Object.freeze({
      traceId,
      flowId,
      ...(parentFlowId === undefined ? {} : { parentFlowId }),
      record: (type: string, data?: JsonObject): void => {
        append(flowId, type, data);
      },
      child: (childName?: string): SubFlowLog => openFlow(childName, flowId),
    });
  };

  const read = async (request: LogReadRequest): Promise<LogPage> => {
    const { types, start, limit } = readRequest(request, traceId, records.length);
    const wanted = types === undefined || types.length === 0 ? undefined : new Set(types);
    const page: LogRecord[] = [];
    let position = start;
    for (; position < records.length && page.length < limit; position++) {
      const record = records[position]!;
      if (wanted === undefined || wanted.has(record.type)) page.push(record);
    }
    // Skip what the filter leaves out, so a cursor is given only when a record may follow.
    while (wanted !== undefined && position < records.length && !wanted.has(records[position]!.type)) position++;
    const more = position < records.length;
    return { records: page, ...(more ? { cursor: `memory:${position}` } : {}), complete: !more, gaps: [] };
  };

  return Object.freeze({
    traceId,
    open: (name: string) => openFlow(name, undefined),
    reader: Object.freeze({ read }),
    records: () => records.slice(),
  });
}

function readRequest(request: LogReadRequest, traceId: string, length: number): { types: readonly string[] | undefined; start: number; limit: number } {
  if (typeof request !== 'object' || request === null) throw invalid('request', 'must be an object');
  const { signal, limit, cursor, types } = request;
  if (!(signal instanceof AbortSignal)) throw invalid('signal', 'must be an AbortSignal');
  if (signal.aborted) throw new AgentCoreError('ABORTED', 'the read of the memory trace was aborted', { details: { traceId } });
  if (request.traceId !== traceId) {
    throw new AgentCoreError('UNAUTHORIZED', `this reader holds trace "${traceId}" only`, { details: { field: 'traceId', traceId } });
  }
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_READ_LIMIT) {
    throw invalid('limit', `must be an integer from 1 to ${MAX_READ_LIMIT}`, { minimum: 1, limit: MAX_READ_LIMIT });
  }
  if (types !== undefined && (!Array.isArray(types) || !types.every((type) => typeof type === 'string' && type !== ''))) {
    throw invalid('types', 'must be a list of non-empty strings');
  }
  let start = 0;
  if (cursor !== undefined) {
    const match = typeof cursor === 'string' ? CURSOR_PATTERN.exec(cursor) : null;
    start = match === null ? Number.NaN : Number(match[1]);
    if (!(start <= length)) throw invalid('cursor', `is not a cursor of trace "${traceId}"`);
  }
  return { types, start, limit };
}

/** A frozen deep copy of `value` if it is a plain JSON object within the size limit; else `INPUT_INVALID` naming the path. */
function jsonCopy(value: unknown): JsonObject {
  if (!isPlainObject(value)) throw invalid('data', 'must be a plain JSON object');
  const problem = findNonJson(value, 'data');
  if (problem !== undefined) throw invalid(problem, 'is not plain JSON (null, a boolean, a finite number, a string, an array or a plain object)');
  const text = JSON.stringify(value);
  if (text.length > MAX_RECORD_DATA_CHARS) {
    throw invalid('data', `is ${text.length} characters of JSON, over ${MAX_RECORD_DATA_CHARS}`, { limit: MAX_RECORD_DATA_CHARS, actual: text.length });
  }
  return deepFreeze(JSON.parse(text) as JsonObject);
}

/** The path of the first value below `value` that is not JSON; `undefined` when all are (cycles included in "not JSON"). */
function findNonJson(value: unknown, path: string, seen = new Set<object>()): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (typeof value !== 'object' || seen.has(value)) return path;
  if (!Array.isArray(value) && !isPlainObject(value)) return path;
  seen.add(value);
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [`${path}[${index}]`, item]) : Object.entries(value).map(([key, item]) => [`${path}.${key}`, item]);
  for (const [itemPath, item] of entries) {
    const problem = findNonJson(item, itemPath, seen);
    if (problem !== undefined) return problem;
  }
  seen.delete(value);
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function deepFreeze<T extends JsonValue>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

function invalid(field: string, problem: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `memory trace: ${field} ${problem}`, { details: { field, ...extra } });
}
