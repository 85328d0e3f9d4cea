import type { AgentCoreError, DiagnosticContext, InvokeRequest, ModelResult, OperationContext, ToolProposal, ToolSpec } from '@jangts/agent-types';
import * as Type from 'typebox';
import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { ModelRunner, type ModelRunResult } from './index.js';
import { createScriptedProvider, type ScriptedProvider } from './providers/scripted.js';

declare const runner: ModelRunner;
const LookupParams = Type.Object({ orderId: Type.String() });
const RefundParams = Type.Object({ orderId: Type.String(), cents: Type.Integer() });
const lookup = { id: 'lookupOrder', description: 'Look an order up', parameters: LookupParams } as const;
const refund = { id: 'refund', description: 'Refund an order', parameters: RefundParams } as const;

describe('ModelRunner', () => {
  it('accepts the seed provider and resolves a plain-text stage to its text', () => {
    const seeded = new ModelRunner({
      provider: {
        async *stream() {
          yield '你好';
          yield ',Core';
        },
      },
    });
    expectTypeOf(seeded.invoke({ input: '你好', stageId: 'reply' })).resolves.toEqualTypeOf<ModelRunResult<readonly []>>();
    expectTypeOf<ModelRunResult>().toExtend<ModelResult>();
    expectTypeOf<ModelRunResult<readonly []>['value']>().toEqualTypeOf<string>();
    expectTypeOf<ModelRunResult['value']>().toEqualTypeOf<string | readonly ToolProposal[]>();
    expectTypeOf<ModelRunResult['warnings']>().toEqualTypeOf<readonly AgentCoreError[]>();
    expectTypeOf<ModelRunResult['diagnostics']>().toEqualTypeOf<DiagnosticContext | undefined>();
  });

  it('gives a text stage a string value, with tools omitted, undefined or empty', async () => {
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's' })).value).toEqualTypeOf<string>();
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's', tools: undefined })).value).toEqualTypeOf<string>();
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's', tools: [] })).value).toEqualTypeOf<string>();
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's' })).proposals).toEqualTypeOf<readonly never[]>();
  });

  it('gives a tool stage its proposals, discriminated by toolId with typed args', async () => {
    const result = await runner.invoke({ input: 'x', stageId: 's', tools: [lookup, refund] });
    expectTypeOf(result.value).toEqualTypeOf<
      readonly (ToolProposal<Static<typeof LookupParams>, 'lookupOrder'> | ToolProposal<Static<typeof RefundParams>, 'refund'>)[]
    >();
    expectTypeOf(result.proposals).toEqualTypeOf(result.value);
    for (const proposal of result.value) {
      expectTypeOf(proposal.callId).toEqualTypeOf<string>();
      if (proposal.toolId === 'lookupOrder') expectTypeOf(proposal.args).toEqualTypeOf<{ orderId: string }>();
      else expectTypeOf(proposal.args).toEqualTypeOf<{ orderId: string; cents: number }>();
    }
  });

  it('keeps the literal ids of tools written in the call', async () => {
    const result = await runner.invoke({ input: 'x', stageId: 's', tools: [{ id: 'search', description: 'Search', parameters: Type.Object({ query: Type.String() }) }] });
    expectTypeOf(result.value).toEqualTypeOf<readonly ToolProposal<{ query: string }, 'search'>[]>();
  });

  it('types the arguments of one tool whose id is a plain string', async () => {
    const search = { id: 'search', description: 'Search', parameters: Type.Object({ query: Type.String() }) };
    const result = await runner.invoke({ input: 'x', stageId: 's', tools: [search] });
    expectTypeOf(result.value).toEqualTypeOf<readonly ToolProposal<{ query: string }>[]>();
  });

  it('keeps string | proposals for a list of tools that may be empty', async () => {
    const tools: readonly ToolSpec[] = [lookup];
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's', tools })).value).toEqualTypeOf<string | readonly ToolProposal[]>();
    const typed: readonly (typeof lookup)[] = [lookup];
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's', tools: typed })).value).toEqualTypeOf<string | readonly ToolProposal<{ orderId: string }, 'lookupOrder'>[]>();
    const maybe = Math.random() > 0.5 ? [lookup] : undefined;
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's', tools: maybe })).value).toEqualTypeOf<string | readonly ToolProposal[]>();
    const either = await runner.invoke({ input: 'x', stageId: 's', tools: Math.random() > 0.5 ? [lookup] : [] });
    expectTypeOf(either.value).toEqualTypeOf<string | readonly ToolProposal<{ orderId: string }, 'lookupOrder'>[]>();
    const request: InvokeRequest = { input: 'x', stageId: 's', tools };
    expectTypeOf(runner.invoke(request)).resolves.toEqualTypeOf<ModelRunResult>();
  });

  it('keeps typed proposals usable where a ToolProposal is expected', async () => {
    const result = await runner.invoke({ input: 'x', stageId: 's', tools: [lookup, refund] });
    expectTypeOf(result.value).toExtend<readonly ToolProposal[]>();
    expectTypeOf(result).toExtend<ModelResult>();
    expectTypeOf(runner).toExtend<{ invoke(request: InvokeRequest): PromiseLike<ModelResult> }>();
  });

  it('refuses parameters that are not a TypeBox object schema', () => {
    // @ts-expect-error -- a plain object is not a TypeBox schema
    void runner.invoke({ input: 'x', stageId: 's', tools: [{ id: 'a', description: 'd', parameters: { orderId: 'string' } }] });
    const zodLike = { _def: { typeName: 'ZodObject' }, shape: { orderId: {} }, parse: (value: unknown) => value };
    // @ts-expect-error -- a zod schema is not a TypeBox schema
    void runner.invoke({ input: 'x', stageId: 's', tools: [{ id: 'a', description: 'd', parameters: zodLike }] });
  });

  it('takes an App-typed operation context', () => {
    const scripted = new ModelRunner({ provider: createScriptedProvider([]) });
    const context: OperationContext<{ userId: string }> = { app: { userId: 'u' }, signal: new AbortController().signal };
    expectTypeOf(scripted.invoke({ input: 'x', stageId: 's', context })).resolves.toExtend<ModelResult>();
    expectTypeOf(scripted.invoke({ input: 'x', stageId: 's', context, tools: [lookup] })).resolves.toExtend<ModelResult<readonly [typeof lookup]>>();
  });
});

describe('createScriptedProvider', () => {
  it('returns a provider exposing its requests', () => {
    expectTypeOf(createScriptedProvider(['a'])).toEqualTypeOf<ScriptedProvider>();
    expectTypeOf(createScriptedProvider(['a']).requests[0]?.stageId).toEqualTypeOf<string | undefined>();
  });
});
