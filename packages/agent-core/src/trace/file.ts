/**
 * `@jangts/agent-core/trace/file`: the file log store, append-only JSONL files in an App-owned
 * directory (`@jangts/agent-trace/file`). Node only.
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-trace/file';
