import { AgentCoreError, type MaybePromise, type OperationContext, type ReflectionLogReader } from '@jangts/agent-types';
import { abortable } from './abortable.js';
import { authorizeHook } from './authorize-hook.js';
import { inputRefusedError, logReaderFailedError, runOutsideScopeError, unauthorizedError } from './errors.js';
import { logSourceArgumentsDoor, logSourceArgumentsParser } from './log-source-arguments.js';
import { decodeLogSourceCursor, encodeLogSourceCursor, type LogSourcePosition } from './log-source-cursor.js';
import { logSourceRunsParser } from './log-source-runs.js';
import { MAX_LOG_PAGE_RECORDS } from './max-log-page-records.js';
import { readLogPage } from './read-log-page.js';
import type { ReflectionEvidence } from './reflection-evidence.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionQuery } from './reflection-query.js';
import type { ReflectionSource } from './reflection-source.js';

/** Most reader pages one page of a query without `run` reads (it moves on to the next run when one ends), so each page costs O(page). */
const MAX_READS_PER_PAGE = 16;

/** Most runs of a static scope the default description names. */
const MAX_RUNS_DESCRIBED = 20;

/** The checked options of a log source over the runs of a scope. */
export interface ScopeLogSourceOptions<App> {
  readonly reader: ReflectionLogReader;
  readonly runs: readonly string[] | ((context: OperationContext<App>) => MaybePromise<readonly string[]>);
  readonly id: string;
  readonly authorize: (context: OperationContext<App>) => MaybePromise<void>;
  readonly description?: string | undefined;
}

/** A checked query: its scope, and where its cursor continues (`undefined`: from the start). */
interface ScopedQuery {
  readonly query: ReflectionQuery;
  readonly signal: AbortSignal;
  readonly scope: readonly string[];
  readonly position: LogSourcePosition | undefined;
}

/**
 * The `runs` form of `defineReflectionLogSource` (see there): a query's `run` picks one run of
 * the scope, a query without `run` reads every run of the scope in its order, pages crossing from
 * one run into the next; cursors carry the run and the reader's cursor in it.
 */
export function defineScopeLogSource<App>({ reader, runs, id, authorize, description }: ScopeLogSourceOptions<App>): ReflectionSource<App> {
  const readArguments = logSourceArgumentsParser(id);
  const argumentsDoor = logSourceArgumentsDoor(id);
  const runsDoor = logSourceRunsParser(id);

  const scopeOf = async (context: OperationContext<App>, signal: AbortSignal): Promise<readonly string[]> => {
    if (typeof runs !== 'function') return runs;
    let value: unknown;
    try {
      value = await abortable(() => runs(context), signal, 'while the runs of the log source were read');
    } catch (error) {
      if (signal.aborted) throw error;
      throw unauthorizedError('runs', error, { sourceId: id }); // no scope, no read: fail closed
    }
    return runsDoor.parse(value);
  };

  const checked = async (request: ReflectionQuery, context: OperationContext<App>): Promise<ScopedQuery> => {
    const { query, signal } = readArguments(request, context);
    const scope = await scopeOf(context, signal);
    const position = query.cursor === undefined ? undefined : await decodeLogSourceCursor(id, query.cursor);
    if (query.cursor !== undefined) {
      const problem =
        position === undefined ? 'is not a cursor of this log source (altered, or from another source)'
        : position.scope !== (query.run === undefined) || (query.run !== undefined && query.run !== position.run) ? 'belongs to another query (pass it with the run it was returned for, or without run when it was returned without)'
        : undefined;
      if (problem !== undefined) throw inputRefusedError(argumentsDoor, { path: ['query', 'cursor'], rule: 'cursor', problem });
    }
    const run = query.run ?? position?.run;
    if (run !== undefined && !scope.includes(run)) throw runOutsideScopeError(id, run);
    return { query, signal, scope, position };
  };

  return Object.freeze({
    id,
    description: description ?? describeScope(runs),
    authorize: async (query: ReflectionQuery, context: OperationContext<App>): Promise<void> => {
      const { signal } = await checked(query, context);
      await authorizeHook('authorize', () => authorize(context), signal, 'while the log source was authorized', { sourceId: id });
    },
    query: async (request: ReflectionQuery, context: OperationContext<App>): Promise<ReflectionPage> => {
      const scoped = await checked(request, context);
      try {
        return await (scoped.query.run === undefined ? readScope(reader, id, scoped) : readRun(reader, id, scoped.query.run, scoped));
      } catch (error) {
        if (AgentCoreError.isInstance(error)) throw error;
        throw logReaderFailedError(id, error);
      }
    },
  });
}

/** One page of a query naming `run`: that run only. */
async function readRun(reader: ReflectionLogReader, sourceId: string, run: string, { query, signal, position }: ScopedQuery): Promise<ReflectionPage> {
  const page = await readLogPage(reader, sourceId, request(run, query, position?.cursor, Math.min(query.limit, MAX_LOG_PAGE_RECORDS), signal));
  const cursor = page.cursor === undefined ? undefined : await encodeLogSourceCursor(sourceId, { run, cursor: page.cursor, scope: false, incomplete: false });
  return { items: page.items, ...(cursor === undefined ? {} : { cursor }), coverage: { consistency: 'best-effort', complete: page.complete, gaps: page.gaps.map((gap) => runGap(run, gap)) } };
}

/**
 * One page of a query without `run`: the runs of the scope in order, from the cursor's position,
 * moving on to the next run when one ends, until the page is full, the scope ends, or
 * {@link MAX_READS_PER_PAGE} reader pages were read. `complete` only at the end of the scope when
 * every run of the chain was read completely (the cursor carries that).
 */
async function readScope(reader: ReflectionLogReader, sourceId: string, { query, signal, scope, position }: ScopedQuery): Promise<ReflectionPage> {
  const limit = Math.min(query.limit, MAX_LOG_PAGE_RECORDS);
  const items: ReflectionEvidence[] = [];
  const gaps: string[] = [];
  let index = position === undefined ? 0 : scope.indexOf(position.run);
  let cursor = position?.cursor;
  let incomplete = position?.incomplete ?? false;
  for (let reads = 0; index < scope.length && items.length < limit && reads < MAX_READS_PER_PAGE; reads += 1) {
    const run = scope[index] as string;
    const page = await readLogPage(reader, sourceId, request(run, query, cursor, limit - items.length, signal));
    items.push(...page.items);
    gaps.push(...page.gaps.map((gap) => runGap(run, gap)));
    if (page.gaps.length > 0) incomplete = true;
    cursor = page.cursor;
    if (cursor === undefined) {
      if (!page.complete) incomplete = true;
      index += 1;
    }
  }
  const more = index < scope.length;
  const next = more ? await encodeLogSourceCursor(sourceId, { run: scope[index] as string, ...(cursor === undefined ? {} : { cursor }), scope: true, incomplete }) : undefined;
  return { items, ...(next === undefined ? {} : { cursor: next }), coverage: { consistency: 'best-effort', complete: !more && !incomplete, gaps } };
}

function request(traceId: string, query: ReflectionQuery, cursor: string | undefined, limit: number, signal: AbortSignal) {
  return { traceId, ...(query.types === undefined ? {} : { types: query.types }), ...(cursor === undefined ? {} : { cursor }), limit, signal };
}

/** A reader's gap, naming its run (the kit merges equal gaps, and two runs may have the same). */
function runGap(run: string, gap: string): string {
  return `run "${run}": ${gap}`;
}

function describeScope<App>(runs: ScopeLogSourceOptions<App>['runs']): string {
  const listed =
    typeof runs === 'function' ? ''
    : ` Runs: ${runs.slice(0, MAX_RUNS_DESCRIBED).map((run) => JSON.stringify(run)).join(', ')}${runs.length > MAX_RUNS_DESCRIBED ? ` and ${runs.length - MAX_RUNS_DESCRIBED} more` : ''}.`;
  return `The log records of several runs (traces), each in recorded order. A query with run reads that run; a query without run reads every run, one after another.${listed} Each item is one record: its run, its type, its flow, and its data as JSON.`;
}
