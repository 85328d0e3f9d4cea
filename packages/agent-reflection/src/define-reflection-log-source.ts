import { AgentCoreError, OperationContextSchema, type OperationContext } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import * as Type from 'typebox';
import { abortable } from './abortable.js';
import { authorizeHook } from './authorize-hook.js';
import { logReaderFailedError, otherRunError } from './errors.js';
import { EvidenceRecordSchema, evidenceOfRecord } from './log-record-to-evidence.js';
import { parseReflectionLogSourceOptions, type ReflectionLogSourceOptions } from './reflection-log-source-options.js';
import type { ReflectionPage } from './reflection-page.js';
import { ReflectionQuerySchema, type ReflectionQuery } from './reflection-query.js';
import type { ReflectionSource } from './reflection-source.js';

/** Most records asked of the reader per page (the file log store's own maximum). */
export const MAX_LOG_PAGE_RECORDS = 10_000;

const SourceArgumentsSchema = Type.Object({ query: ReflectionQuerySchema, context: OperationContextSchema });

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
 *   and `gaps`. The reader's page is read once into a checked copy: one that holds more records
 *   than asked for (refused on its length), is not a `LogPage`, or holds a record of another
 *   trace or non-JSON data, is `SOURCE_FAILED` naming the field (nothing of it is returned).
 *
 * Options are read once, here (`CONFIG_INVALID` naming the field). `authorize` and `query` read
 * their arguments once too, for a caller other than the kit: `INPUT_INVALID` naming the field
 * when the query is not a `ReflectionQuery` or the context has no `AbortSignal`.
 */
export function defineReflectionLogSource<App>(options: ReflectionLogSourceOptions<App>): ReflectionSource<App> {
  const { reader, traceId, id, authorize, description } = parseReflectionLogSourceOptions(options);
  const sourceArguments = parser(SourceArgumentsSchema, { subject: `log source "${id}"`, code: 'INPUT_INVALID', name: 'arguments' });
  const RecordSchema = Type.Object({ ...EvidenceRecordSchema.properties, traceId: Type.Literal(traceId) });
  const readArguments = (query: ReflectionQuery, context: OperationContext<App>): { query: ReflectionQuery; signal: AbortSignal } => {
    const read = sourceArguments.parse({ query, context });
    if (read.query.run !== undefined && read.query.run !== traceId) throw otherRunError(id, traceId, read.query.run);
    return { query: read.query, signal: read.context.signal };
  };

  const readPage = async (query: ReflectionQuery, signal: AbortSignal): Promise<ReflectionPage> => {
    const limit = Math.min(query.limit, MAX_LOG_PAGE_RECORDS);
    const request = { traceId, ...(query.types === undefined ? {} : { types: query.types }), ...(query.cursor === undefined ? {} : { cursor: query.cursor }), limit, signal };
    const value = await abortable(() => reader.read(request), signal, 'while the log was read');
    const LogPageSchema = Type.Object({
      records: Type.Array(RecordSchema, { maxItems: limit }),
      cursor: Type.Optional(Type.String({ minLength: 1 })),
      complete: Type.Boolean(),
      gaps: Type.Array(Type.String()),
    });
    const page = parser(LogPageSchema, { subject: `log source "${id}" reader page`, code: 'SOURCE_FAILED', name: 'page' }).parse(value);
    return {
      items: page.records.map(evidenceOfRecord),
      ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
      coverage: { consistency: 'best-effort', complete: page.complete, gaps: page.gaps },
    };
  };

  return Object.freeze({
    id,
    description: description ?? `The log records of run "${traceId}", in recorded order. Each item is one record: its type, its flow, and its data as JSON.`,
    authorize: async (query: ReflectionQuery, context: OperationContext<App>): Promise<void> => {
      const { signal } = readArguments(query, context);
      await authorizeHook('authorize', () => authorize(context), signal, 'while the log source was authorized', { sourceId: id });
    },
    query: async (request: ReflectionQuery, context: OperationContext<App>): Promise<ReflectionPage> => {
      const { query, signal } = readArguments(request, context);
      try {
        return await readPage(query, signal);
      } catch (error) {
        // The reader's own AgentCoreError (ABORTED, LOG_FAILED, …) and a refused page as they
        // are; anything else the reader threw is SOURCE_FAILED with the original as cause.
        if (AgentCoreError.isInstance(error)) throw error;
        throw logReaderFailedError(id, error);
      }
    },
  });
}
