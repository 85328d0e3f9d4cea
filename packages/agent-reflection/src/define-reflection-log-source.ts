import { AgentCoreError, type OperationContext } from '@jangts/agent-types';
import { authorizeHook } from './authorize-hook.js';
import { defineScopeLogSource } from './define-scope-log-source.js';
import { logReaderFailedError, otherRunError } from './errors.js';
import { logSourceArgumentsParser } from './log-source-arguments.js';
import { MAX_LOG_PAGE_RECORDS } from './max-log-page-records.js';
import { readLogPage } from './read-log-page.js';
import { parseReflectionLogSourceOptions, type ReflectionLogSourceOptions } from './reflection-log-source-options.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionQuery } from './reflection-query.js';
import type { ReflectionSource } from './reflection-source.js';

/**
 * Adapts a `ReflectionLogReader` (the file log store's `reader`, or the App's own) to a
 * {@link ReflectionSource} over one trace (`traceId`) or over the runs of the App's scope (`runs`).
 *
 * With `traceId`:
 * - `authorize(query, context)`: a query naming another run is refused with `UNAUTHORIZED`
 *   before the App's hook is called; then the App's `authorize(context)` runs.
 * - `query(query, context)`: refuses another run too (`UNAUTHORIZED`, for a caller that skips
 *   `authorize`); reads `traceId` with the query's `types` (record types; an empty list means
 *   all), `cursor` (passed through as is) and `limit` (at most {@link MAX_LOG_PAGE_RECORDS}),
 *   with the context's signal. Records become evidence (`<traceId>:<seq>` ids, see
 *   `logRecordToEvidence`); the page's coverage is `best-effort`, with the reader's `complete`
 *   and `gaps`. The reader's page is read once into a checked copy: one that holds more records
 *   than asked for (refused on its length), is not a `LogPage`, or holds a record of another
 *   trace or non-JSON data, is `SOURCE_FAILED` naming the field (nothing of it is returned).
 *
 * With `runs` (the scope: a list, or a function of the context returning one): a query's `run`
 * must be in the scope (else `UNAUTHORIZED`, before the App's hook) and reads that run only; a
 * query without `run` reads the runs of the scope one after another, in its order, across pages.
 * The source's cursors carry the run and the reader's cursor in it, checksummed: an altered one,
 * one of another source or of another kind of query is `INPUT_INVALID` (field `query.cursor`), and
 * one naming a run the scope no longer holds is `UNAUTHORIZED`.
 *
 * Options are read once, here (`CONFIG_INVALID` naming the field). `authorize` and `query` read
 * their arguments once too, for a caller other than the kit: `INPUT_INVALID` naming the field
 * when the query is not a `ReflectionQuery` or the context has no `AbortSignal`.
 */
export function defineReflectionLogSource<App>(options: ReflectionLogSourceOptions<App>): ReflectionSource<App> {
  const read = parseReflectionLogSourceOptions(options);
  if (read.runs !== undefined) return defineScopeLogSource({ ...read, runs: read.runs });
  const { reader, traceId, id, authorize, description } = read;
  const readArguments = logSourceArgumentsParser(id);
  const checkedArguments = (request: ReflectionQuery, context: OperationContext<App>): { query: ReflectionQuery; signal: AbortSignal } => {
    const checked = readArguments(request, context);
    if (checked.query.run !== undefined && checked.query.run !== traceId) throw otherRunError(id, traceId, checked.query.run);
    return checked;
  };

  return Object.freeze({
    id,
    description: description ?? `The log records of run "${traceId}", in recorded order. Each item is one record: its type, its flow, and its data as JSON.`,
    authorize: async (query: ReflectionQuery, context: OperationContext<App>): Promise<void> => {
      const { signal } = checkedArguments(query, context);
      await authorizeHook('authorize', () => authorize(context), signal, 'while the log source was authorized', { sourceId: id });
    },
    query: async (request: ReflectionQuery, context: OperationContext<App>): Promise<ReflectionPage> => {
      const { query, signal } = checkedArguments(request, context);
      try {
        const limit = Math.min(query.limit, MAX_LOG_PAGE_RECORDS);
        const page = await readLogPage(reader, id, { traceId, ...(query.types === undefined ? {} : { types: query.types }), ...(query.cursor === undefined ? {} : { cursor: query.cursor }), limit, signal });
        return { items: page.items, ...(page.cursor === undefined ? {} : { cursor: page.cursor }), coverage: { consistency: 'best-effort', complete: page.complete, gaps: page.gaps } };
      } catch (error) {
        // The reader's own AgentCoreError (ABORTED, LOG_FAILED, …) and a refused page as they
        // are; anything else the reader threw is SOURCE_FAILED with the original as cause.
        if (AgentCoreError.isInstance(error)) throw error;
        throw logReaderFailedError(id, error);
      }
    },
  });
}
