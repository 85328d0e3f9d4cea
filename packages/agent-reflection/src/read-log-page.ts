import type { LogReadRequest, ReflectionLogReader } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { abortable } from './abortable.js';
import { EvidenceRecordSchema, evidenceOfRecord } from './log-record-to-evidence.js';
import type { ReflectionEvidence } from './reflection-evidence.js';

/** One page of a log reader, its records as evidence. */
export interface LogEvidencePage {
  readonly items: readonly ReflectionEvidence[];
  readonly cursor?: string;
  readonly complete: boolean;
  readonly gaps: readonly string[];
}

/**
 * Reads one page of `request.traceId` from `reader` (raced with the request's signal) into a
 * checked copy, its records as evidence. A page that holds more records than asked for (refused
 * on its length), is not a `LogPage`, or holds a record of another trace or non-JSON data is
 * `SOURCE_FAILED` naming the field (subject `log source "<sourceId>" reader page`).
 */
export async function readLogPage(reader: ReflectionLogReader, sourceId: string, request: LogReadRequest): Promise<LogEvidencePage> {
  const value = await abortable(() => reader.read(request), request.signal, 'while the log was read');
  const LogPageSchema = Type.Object({
    records: Type.Array(Type.Object({ ...EvidenceRecordSchema.properties, traceId: Type.Literal(request.traceId) }), { maxItems: request.limit }),
    cursor: Type.Optional(Type.String({ minLength: 1 })),
    complete: Type.Boolean(),
    gaps: Type.Array(Type.String()),
  });
  const page = parser(LogPageSchema, { subject: `log source "${sourceId}" reader page`, code: 'SOURCE_FAILED', name: 'page' }).parse(value);
  return { items: page.records.map(evidenceOfRecord), ...(page.cursor === undefined ? {} : { cursor: page.cursor }), complete: page.complete, gaps: page.gaps };
}
