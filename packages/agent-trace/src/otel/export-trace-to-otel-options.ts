import { AbortSignalSchema, type ReflectionLogReader } from '@jangts/agent-types';
import { live, parser, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { OTEL_EXPORT_OPTIONS_DOOR } from '../doors.js';
import { MAX_READ_LIMIT } from '../log-read-request.js';
import { TraceIdSchema } from '../trace-id.js';
import { OTEL_TRACER_PROPERTIES, type OtelParent, type OtelTracerChoice } from './otel-tracer-choice.js';
import { oneTracer, providerAsTracer } from './otel-tracer.js';
import { ReflectionFindingsSchema, type ReflectionFindings } from './reflection-findings.js';

/** Records `exportTraceToOtel` reads per page unless told otherwise. */
export const DEFAULT_EXPORT_PAGE_SIZE = 1_000;

/** Longest `evaluationName`. */
export const MAX_EVALUATION_NAME_LENGTH = 256;

/** Options of `exportTraceToOtel`. */
export type ExportTraceToOtelOptions = OtelTracerChoice &
  OtelParent & {
    /** Any `ReflectionLogReader`: a store's `reader`, or the App's own. */
    readonly reader: ReflectionLogReader;
    /** The stored trace to export. */
    readonly traceId: string;
    /** Stops the export between pages (`ABORTED`), passed to every read. */
    readonly signal: AbortSignal;
    /** Records per read, 1 … 10,000; default 1,000. */
    readonly pageSize?: number | undefined;
    /** A reflection's report: each finding citing a record of this trace becomes a `gen_ai.evaluation.result` event. */
    readonly reflection?: ReflectionFindings | undefined;
    /** The events' `gen_ai.evaluation.name`; default `agent_core.reflection`. */
    readonly evaluationName?: string | undefined;
  };

/** Schema of {@link ExportTraceToOtelOptions}; no other field (`INPUT_INVALID`). */
export const ExportTraceToOtelOptionsSchema = rule(
  Type.Object(
    {
      ...OTEL_TRACER_PROPERTIES,
      reader: live<ReflectionLogReader>('a log reader with read(request)', Type.Object({ read: Type.Function([Type.Unknown()], Type.Unknown()) })),
      traceId: TraceIdSchema,
      signal: AbortSignalSchema,
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_READ_LIMIT })),
      reflection: Type.Optional(ReflectionFindingsSchema),
      evaluationName: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EVALUATION_NAME_LENGTH })),
    },
    { additionalProperties: false },
  ),
  oneTracer,
);

const options = /* @__PURE__ */ parser(ExportTraceToOtelOptionsSchema, { ...OTEL_EXPORT_OPTIONS_DOOR, misuse: providerAsTracer });

/** The options of `exportTraceToOtel` through the door: a checked copy, or `INPUT_INVALID` naming the field. */
export function parseExportTraceToOtelOptions(value: unknown): Static<typeof ExportTraceToOtelOptionsSchema> {
  return options.parse(value);
}
