import { context } from '@opentelemetry/api';
import type { JsonObject, SubFlowLog } from '@jangts/agent-types';
import { live, parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { OTEL_LOGGER_DOOR } from '../doors.js';
import { spanExportError } from '../errors.js';
import { FlowSpans } from './flow-spans.js';
import { resolveTracer } from './otel-tracer.js';
import { TraceSpanMapping } from './trace-span-mapping.js';
import { parseWithOtelSpansOptions, type WithOtelSpansOptions } from './with-otel-spans-options.js';

/** Schema of the logger `withOtelSpans` decorates: a `SubFlowLog`, its ids read once. */
const OtelLoggerSchema = live<SubFlowLog>(
  'a SubFlowLog with traceId, flowId, record(type, data) and child(name)',
  Type.Object({
    traceId: Type.String({ minLength: 1 }),
    flowId: Type.String({ minLength: 1 }),
    parentFlowId: Type.Optional(Type.String({ minLength: 1 })),
    record: Type.Function([Type.String(), Type.Unknown()], Type.Unknown()),
    child: Type.Function([Type.Unknown()], Type.Unknown()),
  }),
);

const loggerValue = /* @__PURE__ */ parser(OtelLoggerSchema, OTEL_LOGGER_DOOR);
const childValue = /* @__PURE__ */ parser(OtelLoggerSchema, { ...OTEL_LOGGER_DOOR, name: 'logger.child(name)' });

/** The clock of live spans: milliseconds since the epoch, below the millisecond, monotonic. */
function now(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * A `SubFlowLog` that forwards every record to `logger` (the App's, a store's flow) and, as the
 * records arrive, opens and ends OpenTelemetry spans following the GenAI semantic conventions:
 * `invoke_agent` for a turn, `chat` for a model call, `execute_tool` for a tool call, on the
 * App's tracer. Child flows (`child(name)`) are decorated too: their spans start below the turn
 * open in the flow above them. Spans carry no content: they name the trace and flow
 * (`agent_core.trace.id`, `agent_core.flow.id`); the records stay the source of truth. (A live
 * span cannot name record seqs: the store gives a record its seq when it writes it;
 * `exportTraceToOtel` of the stored trace gives spans with seqs.)
 *
 * - `record(type, data)` forwards first and returns what the logger returned; when the logger
 *   throws, so does `record` and no span changes. Then the spans: a failure there (the tracer
 *   threw) goes to `onError` as `SINK_FAILED`, never to the caller.
 * - Spans outside every turn start in `options.parent`, else in the context active when the
 *   record is recorded (`context.active()` of `@opentelemetry/api`).
 * - `@opentelemetry/api` 1.x is an optional peer of this package: install it to use this entry.
 *
 * @throws AgentCoreError `CONFIG_INVALID` for a `logger` that is not a `SubFlowLog` or options
 * outside `WithOtelSpansOptionsSchema` (a `TracerProvider` passed as `tracer` is named as such).
 */
export function withOtelSpans(logger: SubFlowLog, options: WithOtelSpansOptions): SubFlowLog {
  const log = loggerValue.parse(logger);
  const read = parseWithOtelSpansOptions(options);
  const mapping = new TraceSpanMapping({ tracer: resolveTracer(read), traceId: log.traceId, base: () => read.parent ?? context.active() });
  const onError = read.onError;
  const decorate = (flowLog: SubFlowLog, flow: FlowSpans): SubFlowLog => ({
    traceId: flowLog.traceId,
    flowId: flowLog.flowId,
    ...(flowLog.parentFlowId === undefined ? {} : { parentFlowId: flowLog.parentFlowId }),
    record(type: string, data?: JsonObject): unknown {
      // Typed to return nothing, but an async logger's promise goes back to the caller, who handles it.
      const result = (flowLog as { record(type: string, data?: JsonObject): unknown }).record(type, data);
      try {
        mapping.record(flow, { type, data, time: now() });
      } catch (error) {
        try {
          onError?.(spanExportError(type, error));
        } catch {
          // onError must not throw; a throw is ignored so the record is never affected.
        }
      }
      return result;
    },
    child(name?: string): SubFlowLog {
      const child = childValue.parse(flowLog.child(name));
      return decorate(child, new FlowSpans(child.flowId, flow));
    },
  });
  return decorate(log, new FlowSpans(log.flowId, undefined));
}
