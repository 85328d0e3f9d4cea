/**
 * `@jangts/agent-trace/conformance`: the conformance suite of the `TraceStore` contract, for any
 * store's tests. It takes the test framework's `describe` and `it` as arguments, so it depends on
 * none, and imports no Node built-in.
 *
 * @packageDocumentation
 */
export { ConformanceFailure } from './conformance-assert.js';
export { describeTraceStoreConformance } from './describe-trace-store-conformance.js';
export { TraceStoreConformanceOptionsSchema } from './trace-store-conformance-options-schema.js';
export type {
  ConcurrentWriters,
  ConformanceTestApi,
  ConformanceTestBody,
  CrashingWriter,
  RecordCorruption,
  RecordDamage,
  TraceStoreConformanceOptions,
  TraceStoreSubject,
} from './trace-store-subject.js';
