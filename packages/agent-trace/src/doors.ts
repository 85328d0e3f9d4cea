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
