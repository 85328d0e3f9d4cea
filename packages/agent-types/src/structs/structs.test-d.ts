import type { Static } from 'typebox';
import { expectTypeOf, test } from 'vitest';
import type { AssembledInput } from '../assembled-input.js';
import type { ContextFragment } from '../context-fragment.js';
import type { LogRecord } from '../log-record.js';
import type { ModelResult } from '../model-call.js';
import type { ModelMessage, ToolProposal } from '../model-message.js';
import type { OutputEvent } from '../output-sink.js';
import type { ProviderChunk, ProviderRequest } from '../provider.js';
import type { AssembledContextPlan, ContextPlanAudit, ContextPlanRequest } from '../context-plan.js';
import type { AssembledContextPlanSchema, AssembledInputSchema, ContextFragmentSchema, ContextPlanAuditSchema, ContextPlanRequestSchema } from './context-structs.js';
import type { LogRecordSchema } from './log-structs.js';
import type {
  ModelMessageSchema,
  ModelResultSchema,
  OutputEventSchema,
  ProviderChunkSchema,
  ProviderRequestSchema,
  ToolProposalSchema,
} from './model-structs.js';

/** Removes `readonly` at every depth: TypeBox statics are mutable, the public types readonly. */
type DeepMutable<TValue> = TValue extends (...args: never[]) => unknown
  ? TValue
  : TValue extends readonly (infer TItem)[]
    ? DeepMutable<TItem>[]
    : TValue extends object
      ? { -readonly [K in keyof TValue]: DeepMutable<TValue[K]> }
      : TValue;

test('every schema describes exactly its type', () => {
  expectTypeOf<Static<typeof ContextFragmentSchema>>().toExtend<ContextFragment>();
  expectTypeOf<DeepMutable<ContextFragment>>().toExtend<Static<typeof ContextFragmentSchema>>();
  expectTypeOf<Static<typeof AssembledInputSchema>>().toExtend<AssembledInput>();
  expectTypeOf<DeepMutable<AssembledInput>>().toExtend<Static<typeof AssembledInputSchema>>();
  expectTypeOf<Static<typeof ContextPlanRequestSchema>>().toExtend<ContextPlanRequest>();
  expectTypeOf<DeepMutable<ContextPlanRequest>>().toExtend<Static<typeof ContextPlanRequestSchema>>();
  expectTypeOf<Static<typeof ContextPlanAuditSchema>>().toExtend<ContextPlanAudit>();
  expectTypeOf<DeepMutable<ContextPlanAudit>>().toExtend<Static<typeof ContextPlanAuditSchema>>();
  expectTypeOf<Static<typeof AssembledContextPlanSchema>>().toExtend<AssembledContextPlan>();
  expectTypeOf<DeepMutable<AssembledContextPlan>>().toExtend<Static<typeof AssembledContextPlanSchema>>();
  expectTypeOf<Static<typeof ModelMessageSchema>>().toExtend<ModelMessage>();
  expectTypeOf<DeepMutable<ModelMessage>>().toExtend<Static<typeof ModelMessageSchema>>();
  expectTypeOf<Static<typeof ToolProposalSchema>>().toExtend<ToolProposal>();
  expectTypeOf<Static<typeof ProviderChunkSchema>>().toExtend<Exclude<ProviderChunk, string>>();
  expectTypeOf<DeepMutable<ProviderChunk>>().toExtend<Static<typeof ProviderChunkSchema>>();
  expectTypeOf<Static<typeof ProviderRequestSchema>>().toExtend<ProviderRequest>();
  expectTypeOf<DeepMutable<ProviderRequest>>().toExtend<Static<typeof ProviderRequestSchema>>();
  expectTypeOf<Static<typeof OutputEventSchema>>().toExtend<OutputEvent>();
  expectTypeOf<DeepMutable<OutputEvent>>().toExtend<Static<typeof OutputEventSchema>>();
  expectTypeOf<Static<typeof LogRecordSchema>>().toExtend<LogRecord>();
  expectTypeOf<DeepMutable<LogRecord>>().toExtend<Static<typeof LogRecordSchema>>();
  expectTypeOf<Static<typeof ModelResultSchema>>().toExtend<ModelResult>();
  expectTypeOf<DeepMutable<ModelResult>>().toExtend<Static<typeof ModelResultSchema>>();
});
