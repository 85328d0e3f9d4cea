import type { InputDoor } from '@jangts/agent-types/internal';

/** `open(traceId, name)` of a store: its arguments read as `{ traceId, name }`. */
export const OPEN_DOOR: InputDoor = { subject: 'open', code: 'INPUT_INVALID', name: 'arguments' };

/** `child(name)` of a flow. */
export const CHILD_DOOR: InputDoor = { subject: 'child', code: 'INPUT_INVALID', name: 'name' };

/** The `type` argument of `record(type, data)`. */
export const RECORD_TYPE_DOOR: InputDoor = { subject: 'record', code: 'INPUT_INVALID', name: 'type' };

/** The `data` argument of `record(type, data)`; field names start with `data` (`data.items[2]`). */
export const RECORD_DATA_DOOR: InputDoor = { subject: 'record', code: 'INPUT_INVALID', name: 'data', qualify: true };

/** A reader's `read(request)`. */
export const READ_REQUEST_DOOR: InputDoor = { subject: 'read request', code: 'INPUT_INVALID', name: 'request' };

/** A reader's `list(request)`. */
export const LIST_REQUEST_DOOR: InputDoor = { subject: 'list request', code: 'INPUT_INVALID', name: 'request' };

/** A store's `prune(options)`. */
export const PRUNE_OPTIONS_DOOR: InputDoor = { subject: 'prune options', code: 'INPUT_INVALID', name: 'options' };

/** The options of `createFileLogStore`. */
export const FILE_LOG_STORE_OPTIONS_DOOR: InputDoor = { subject: 'createFileLogStore options', code: 'CONFIG_INVALID', name: 'options' };

/** The options of `createPostgresTraceStore`. */
export const POSTGRES_TRACE_STORE_OPTIONS_DOOR: InputDoor = { subject: 'createPostgresTraceStore options', code: 'CONFIG_INVALID', name: 'options' };

/** The options of `withOtelSpans` (`@jangts/agent-trace/otel`). */
export const OTEL_SPANS_OPTIONS_DOOR: InputDoor = { subject: 'withOtelSpans options', code: 'CONFIG_INVALID', name: 'options' };

/** The logger `withOtelSpans` decorates, and each child it opens. */
export const OTEL_LOGGER_DOOR: InputDoor = { subject: 'withOtelSpans', code: 'CONFIG_INVALID', name: 'logger', qualify: true };

/** The options of `exportTraceToOtel`. */
export const OTEL_EXPORT_OPTIONS_DOOR: InputDoor = { subject: 'exportTraceToOtel options', code: 'INPUT_INVALID', name: 'options' };

/** A page the App's reader returns to `exportTraceToOtel`. */
export const OTEL_EXPORT_PAGE_DOOR: InputDoor = { subject: 'exportTraceToOtel reader page', code: 'PAGE_INVALID', name: 'page' };

/** The options of `recordReflectionFindings`. */
export const OTEL_FINDINGS_OPTIONS_DOOR: InputDoor = { subject: 'recordReflectionFindings options', code: 'INPUT_INVALID', name: 'options' };

/** What the App's OpenTelemetry objects hand back: a `Tracer` from `getTracer`, a `Span` from `startSpan`. */
export const OTEL_TRACER_DOOR: InputDoor = { subject: 'OpenTelemetry tracer', code: 'CONFIG_INVALID', name: 'value', qualify: true };

/** The options of `describeTraceStoreConformance` (`@jangts/agent-trace/conformance`). */
export const CONFORMANCE_OPTIONS_DOOR: InputDoor = { subject: 'describeTraceStoreConformance options', code: 'CONFIG_INVALID', name: 'options' };
