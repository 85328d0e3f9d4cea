/**
 * `@jangts/agent-trace`: the trace store contract, runtime-neutral (no Node built-in is reachable
 * from here). The file log store is at `@jangts/agent-trace/file` (Node only).
 *
 * The API reference lists these exports on the package's own page (`@mergeModuleWith`), and each
 * subpath as a module under it.
 *
 * @module
 * @mergeModuleWith <project>
 */
export { FLOW_START_TYPE } from './flow-start-type.js';
export { FlowNameSchema, MAX_FLOW_NAME_LENGTH } from './flow-name.js';
export { LogPruneOptionsSchema, type LogPruneOptions } from './log-prune-options.js';
export { LogReadRequestSchema, MAX_CURSOR_LENGTH, MAX_READ_LIMIT, MAX_READ_TYPES } from './log-read-request.js';
export { RecordDataSchema } from './record-data.js';
export { MAX_RECORD_TYPE_LENGTH, RecordTypeSchema } from './record-type.js';
export { MAX_TRACE_ID_LENGTH, TraceIdSchema } from './trace-id.js';
export { MAX_LIST_LIMIT, TraceListRequestSchema, type TraceListRequest } from './trace-list-request.js';
export type { LogPruneResult, TraceList, TraceReader, TraceStore, TraceSummary } from './trace-store.js';
