import { describe, expectTypeOf, it } from 'vitest';
import { ModelRunner, Type, type Static, type TObject, type TSchema, type ToolProposal, type ToolSpec } from './index.js';
import { createScriptedProvider } from './providers/scripted.js';

describe('@jangts/agent-core re-exports TypeBox', () => {
  it('gives Type, Static, TObject and TSchema without a typebox install', () => {
    const LookupParams = Type.Object({ orderId: Type.String(), cents: Type.Optional(Type.Integer()) });
    expectTypeOf(LookupParams).toExtend<TObject>();
    expectTypeOf(LookupParams).toExtend<TSchema>();
    expectTypeOf<Static<typeof LookupParams>>().toEqualTypeOf<{ orderId: string; cents?: number }>();
  });

  it('types a tool stage written with the umbrella’s Type', async () => {
    const runner = new ModelRunner({ provider: createScriptedProvider([]) });
    const lookup = { id: 'lookupOrder', description: 'Look an order up', parameters: Type.Object({ orderId: Type.String() }) } as const;
    expectTypeOf(lookup).toExtend<ToolSpec>();
    const result = await runner.invoke({ input: 'x', stageId: 's', tools: [lookup] });
    expectTypeOf(result.value).toEqualTypeOf<readonly ToolProposal<{ orderId: string }, 'lookupOrder'>[]>();
    expectTypeOf((await runner.invoke({ input: 'x', stageId: 's' })).value).toEqualTypeOf<string>();
  });
});
