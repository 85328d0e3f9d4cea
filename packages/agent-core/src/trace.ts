/**
 * `@jangts/agent-core/trace`: the trace store contract (`@jangts/agent-trace`), runtime-neutral.
 * The file log store is at `@jangts/agent-core/trace/file` (Node only).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-trace';
