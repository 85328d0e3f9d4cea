import * as TypeBox from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner, Type } from './index.js';
import { createScriptedProvider } from './providers/scripted.js';

describe('@jangts/agent-core', () => {
  // From the sources, the very `typebox` namespace; the built package's bundled copy of it is
  // checked against an own `typebox` in apps/release-check (bundled-typebox.test.ts).
  it('re-exports TypeBox’s Type, the same builder', () => {
    expect(Type).toBe(TypeBox.Type);
    expect(Type.Object({ orderId: Type.String() })).toMatchObject({ type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] });
  });

  it('runs a tool stage whose parameters are written with it', async () => {
    const lookup = { id: 'lookupOrder', description: 'Look an order up', parameters: Type.Object({ orderId: Type.String() }) };
    const runner = new ModelRunner({ provider: createScriptedProvider([{ toolCalls: [{ toolId: 'lookupOrder', args: { orderId: '7' }, callId: 'call-1' }] }]) });
    const result = await runner.invoke({ input: 'Where is order 7?', stageId: 'plan', tools: [lookup] });
    expect(result.value).toEqual([{ callId: 'call-1', toolId: 'lookupOrder', args: { orderId: '7' } }]);
  });
});
