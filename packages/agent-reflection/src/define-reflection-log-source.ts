import { AgentCoreError, LogPageSchema, type LogPage, type OperationContext } from '@jangts/agent-types';
import { compileSchema, findNonJson, firstHole } from '@jangts/agent-types/internal';
import { isPlainRecord } from './is-plain-record.js';
import { checkedLogRecordToEvidence, type CheckedLogRecord } from './log-record-to-evidence.js';
import { abortable } from './abortable.js';
import { isAbortSignal } from './check-run-input.js';
import { denyOnFalse } from './deny-on-false.js';
import { configInvalid, readingGuarded, unauthorizedError } from './reflection-errors.js';
import type { ReflectionLogSourceOptions } from './reflection-log-source-options.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionQuery } from './reflection-query.js';
import type { ReflectionSource } from './reflection-source.js';

const SCOPE = 'defineReflectionLogSource';
const OPTION_KEYS = new Set(['reader', 'traceId', 'id', 'authorize', 'description']);
const QUERY_KEYS = new Set(['run', 'types', 'cursor', 'limit']);
/** Most records asked of the reader per page (the file log store's own maximum). */
export const MAX_LOG_PAGE_RECORDS = 10_000;
const logPageValidator = compileSchema(LogPageSchema);

/**
 * Adapts a `ReflectionLogReader` (the file log store's `reader`, or the App's own) to a
 * {@link ReflectionSource} scoped to one trace.
 *
 * - `authorize(query, context)`: a query naming another run is refused with `UNAUTHORIZED`
 *   before the App's hook is called; then the App's `authorize(context)` runs.
 * - `query(query, context)`: refuses another run too (`UNAUTHORIZED`, for a caller that skips
 *   `authorize`); reads `traceId` with the query's `types` (record types; an empty list means
 *   all), `cursor` (passed through as is) and `limit` (at most {@link MAX_LOG_PAGE_RECORDS}),
 *   with the context's signal. Records become evidence (`<traceId>:<seq>` ids, see
 *   `logRecordToEvidence`); the page's coverage is `best-effort`, with the reader's `complete`
 *   and `gaps`. A reader page that holds more records than asked for, is not a `LogPage`, or holds
 *   a record of another trace or non-JSON data, is `SOURCE_FAILED` (nothing of it is returned).
 *
 * Options are checked here (`CONFIG_INVALID` naming the field). `authorize` and `query` check
 * their arguments too, for a caller other than the kit: `INPUT_INVALID` naming the field when
 * the query is not a `ReflectionQuery` (only its fields, `limit` a positive integer, `types` strings) or the
 * context has no `AbortSignal`.
 */
export function defineReflectionLogSource<App>(options: ReflectionLogSourceOptions<App>): ReflectionSource<App> {
  const { reader, traceId, id, authorize, description } = readingGuarded('CONFIG_INVALID', SCOPE, 'options', () => readOptions(options));
  const invalid = (field: string, problem: string): AgentCoreError =>
    new AgentCoreError('INPUT_INVALID', `${SCOPE} "${id}": ${field} ${problem}`, { details: { field } });
  /** Checks the arguments of `authorize` and `query` as the kit passes them (a direct caller may not). */
  const checkArguments = (query: ReflectionQuery, context: OperationContext<App>): { query: ReflectionQuery; signal: AbortSignal } =>
    readingGuarded('INPUT_INVALID', `${SCOPE} "${id}"`, 'query', () => {
      if (typeof query !== 'object' || query === null) throw invalid('query', 'must be an object');
      const unknownKey = Object.keys(query).find((key) => !QUERY_KEYS.has(key));
      if (unknownKey !== undefined) throw invalid(`query.${unknownKey.slice(0, 60)}`, `is not a ReflectionQuery field (${[...QUERY_KEYS].join(', ')})`);
      const { run, types, cursor, limit } = query as Partial<Record<keyof ReflectionQuery, unknown>>;
      if (run !== undefined && typeof run !== 'string') throw invalid('query.run', 'must be a string');
      if (types !== undefined && (!Array.isArray(types) || firstHole(types) >= 0 || !types.every((type) => typeof type === 'string'))) {
        throw invalid('query.types', 'must be an array of strings');
      }
      if (cursor !== undefined && typeof cursor !== 'string') throw invalid('query.cursor', 'must be a string');
      if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) throw invalid('query.limit', 'must be a positive integer');
      if (typeof context !== 'object' || context === null) throw invalid('context', 'must be an OperationContext { app, signal }');
      const { signal } = context;
      if (!isAbortSignal(signal)) throw invalid('context.signal', 'must be an AbortSignal');
      if (run !== undefined && run !== traceId) {
        throw new AgentCoreError('UNAUTHORIZED', `source "${id}" reads only run "${traceId}"; run ${JSON.stringify(run.slice(0, 120))} is refused`, {
          details: { sourceId: id, field: 'run' },
        });
      }
      const checked: ReflectionQuery = {
        ...(run === undefined ? {} : { run }),
        ...(types === undefined ? {} : { types: [...types] }),
        ...(cursor === undefined ? {} : { cursor }),
        limit,
      };
      return { query: checked, signal };
    });
  return Object.freeze({
    id,
    description,
    authorize: async (query: ReflectionQuery, context: OperationContext<App>): Promise<void> => {
      checkArguments(query, context);
      // Typed to return nothing, but an App's `false` must deny (fail closed).
      const hook = authorize as (context: OperationContext<App>) => unknown;
      let verdict: unknown;
      try {
        // Raced with the signal: a hook that never settles does not outlive an abort.
        verdict = await abortable(() => hook(context), context.signal, 'while the log source was authorized');
      } catch (error) {
        if (AgentCoreError.isInstance(error) && error.code === 'ABORTED') throw error;
        // A hook that throws denies too, as UNAUTHORIZED with what it threw as the cause.
        throw unauthorizedError('authorize', error, { sourceId: id });
      }
      denyOnFalse(verdict, 'authorize', { sourceId: id });
    },
    query: async (request: ReflectionQuery, context: OperationContext<App>): Promise<ReflectionPage> => {
      const { query, signal } = checkArguments(request, context);
      try {
        return await readPage(query, signal);
      } catch (error) {
        // The reader's own AgentCoreError (ABORTED, LOG_FAILED, …) as is; anything else it threw,
        // or a page whose reading throws, is SOURCE_FAILED with the original as cause.
        if (AgentCoreError.isInstance(error)) throw error;
        throw new AgentCoreError('SOURCE_FAILED', `source "${id}": the log reader failed`, { cause: error, details: { sourceId: id } });
      }
    },
  });

  async function readPage(query: ReflectionQuery, signal: AbortSignal): Promise<ReflectionPage> {
    const limit = Math.min(query.limit, MAX_LOG_PAGE_RECORDS);
    const page = await abortable(() => reader.read({
      traceId,
      ...(query.types === undefined ? {} : { types: query.types }),
      ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      limit,
      signal,
    }), signal, 'while the log was read');
    checkLogPage(page, traceId, id, limit);
    return {
      items: page.records.map((record) => checkedLogRecordToEvidence(record as CheckedLogRecord)),
      ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
      coverage: { consistency: 'best-effort', complete: page.complete, gaps: page.gaps },
    };
  }
}

/**
 * A reader page must hold at most `limit` records (counted first: the schema's issue walk costs
 * tens of microseconds per record), match `LogPageSchema`, and hold only records of `traceId`
 * whose data is plain JSON; else `SOURCE_FAILED`.
 */
function checkLogPage(page: LogPage, traceId: string, id: string, limit: number): void {
  const failed = (problem: string): AgentCoreError =>
    new AgentCoreError('SOURCE_FAILED', `source "${id}": the log reader returned ${problem}`, { details: { sourceId: id } });
  const records: unknown = typeof page === 'object' && page !== null ? (page as { records?: unknown }).records : undefined;
  if (Array.isArray(records) && records.length > limit) throw failed(`${records.length} records for a limit of ${limit}`);
  const issue = logPageValidator.issues(page, 1)[0];
  if (issue !== undefined) throw failed(`an invalid page (${issue.path === '' ? 'page' : issue.path} ${issue.message})`);
  // The schema's checks skip holes: one would be read as an `undefined` record or gap.
  const recordHole = firstHole(page.records);
  if (recordHole >= 0) throw failed(`an invalid page (/records/${recordHole} must be object)`);
  const gapHole = firstHole(page.gaps);
  if (gapHole >= 0) throw failed(`an invalid page (/gaps/${gapHole} must be string)`);
  for (const record of page.records) {
    if (record.traceId !== traceId) throw failed(`a record of another trace (seq ${record.seq})`);
    if (record.data !== undefined && findNonJson(record.data) !== undefined) throw failed(`a record whose data is not plain JSON (seq ${record.seq})`);
  }
}

function readOptions<App>(options: ReflectionLogSourceOptions<App>): Required<ReflectionLogSourceOptions<App>> {
  const input: unknown = options;
  if (!isPlainRecord(input)) throw configInvalid(SCOPE, 'options', 'must be an object');
  const unknownKey = Object.keys(input).find((key) => !OPTION_KEYS.has(key));
  if (unknownKey !== undefined) throw configInvalid(SCOPE, unknownKey, `is not an option (${[...OPTION_KEYS].join(', ')})`);
  const { reader, traceId, id, authorize, description } = input;
  if (typeof reader !== 'object' || reader === null || typeof (reader as Record<string, unknown>).read !== 'function') {
    throw configInvalid(SCOPE, 'reader', 'must be a ReflectionLogReader (an object with a read method)');
  }
  if (typeof traceId !== 'string' || traceId === '') throw configInvalid(SCOPE, 'traceId', 'must be a non-empty string');
  if (typeof id !== 'string' || id.trim() === '') throw configInvalid(SCOPE, 'id', 'must be a non-empty string');
  if (typeof authorize !== 'function') throw configInvalid(SCOPE, 'authorize', 'must be a function (context) => void | Promise<void>');
  if (description !== undefined && typeof description !== 'string') throw configInvalid(SCOPE, 'description', 'must be a string');
  return {
    reader: reader as ReflectionLogSourceOptions<App>['reader'],
    traceId,
    id,
    authorize: authorize as ReflectionLogSourceOptions<App>['authorize'],
    description:
      description ?? `The log records of run "${traceId}", in recorded order. Each item is one record: its type, its flow, and its data as JSON.`,
  };
}
