/**
 * `@jangts/agent-trace/file`: the file log store, append-only JSONL files in an App-owned
 * directory. Node only (it uses `node:fs`, `node:path` and `node:crypto`).
 *
 * @packageDocumentation
 */
export { createFileLogStore } from './create-file-log-store.js';
export type { FileLogStore } from './file-log-store.js';
export { FileLogStoreOptionsSchema, type FileLogStoreOptions } from './file-log-store-options.js';
