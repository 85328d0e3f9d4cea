export { createFileLogStore } from './create-file-log-store.js';
export type { FileLogStore, FileLogStoreOptions, LogPruneOptions, LogPruneResult } from './file-log-store.js';
export { FLOW_START_TYPE } from './file-sub-flow-log.js';
