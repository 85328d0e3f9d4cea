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
export type { LogPruneOptions, LogPruneResult, TraceStore } from './trace-store.js';
