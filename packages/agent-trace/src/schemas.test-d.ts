import type { LogReadRequest } from '@jangts/agent-types';
import type { Static } from 'typebox';
import { expectTypeOf, test } from 'vitest';
import type { FileLogStoreOptions, FileLogStoreOptionsSchema } from './file/file-log-store-options.js';
import type { LogPruneOptions, LogPruneOptionsSchema } from './log-prune-options.js';
import type { LogReadRequestSchema } from './log-read-request.js';
import type { RecordDataSchema } from './record-data.js';
import type { TraceIdSchema } from './trace-id.js';
import type { TraceListRequest, TraceListRequestSchema } from './trace-list-request.js';

/** Removes `readonly` at every depth: TypeBox statics are mutable, the public types readonly. */
type DeepMutable<TValue> = TValue extends (...args: never[]) => unknown
  ? TValue
  : TValue extends readonly (infer TItem)[]
    ? DeepMutable<TItem>[]
    : TValue extends object
      ? { -readonly [K in keyof TValue]: DeepMutable<TValue[K]> }
      : TValue;

test('every door schema describes exactly its public type', () => {
  expectTypeOf<Static<typeof LogPruneOptionsSchema>>().toExtend<LogPruneOptions>();
  expectTypeOf<DeepMutable<LogPruneOptions>>().toExtend<Static<typeof LogPruneOptionsSchema>>();
  expectTypeOf<Static<typeof LogReadRequestSchema>>().toExtend<LogReadRequest>();
  expectTypeOf<DeepMutable<LogReadRequest>>().toExtend<Static<typeof LogReadRequestSchema>>();
  expectTypeOf<Static<typeof FileLogStoreOptionsSchema>>().toExtend<FileLogStoreOptions>();
  expectTypeOf<DeepMutable<FileLogStoreOptions>>().toExtend<Static<typeof FileLogStoreOptionsSchema>>();
  expectTypeOf<Static<typeof TraceListRequestSchema>>().toExtend<TraceListRequest>();
  expectTypeOf<DeepMutable<TraceListRequest>>().toExtend<Static<typeof TraceListRequestSchema>>();
  expectTypeOf<Static<typeof TraceIdSchema>>().toEqualTypeOf<string>();
  expectTypeOf<Static<typeof RecordDataSchema>>().toEqualTypeOf<Record<string, unknown>>();
});
