import * as Type from 'typebox';
import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import type { ModelResult } from './model-call.js';
import type { ToolProposal } from './model-message.js';
import type { StageValue } from './stage-value.js';
import type { ToolProposalOf } from './tool-proposal-of.js';
import type { ToolSpec } from './tool-spec.js';

const LookupParams = Type.Object({ orderId: Type.String() });
const RefundParams = Type.Object({ orderId: Type.String(), cents: Type.Integer() });
const lookup = { id: 'lookupOrder', description: 'Look an order up', parameters: LookupParams } as const;
const refund = { id: 'refund', description: 'Refund', parameters: RefundParams } as const;
type Tools = readonly [typeof lookup, typeof refund];

describe('ToolProposalOf', () => {
  it('is a union discriminated by toolId, each args the Static of its schema', () => {
    expectTypeOf<ToolProposalOf<Tools>>().toEqualTypeOf<
      ToolProposal<Static<typeof LookupParams>, 'lookupOrder'> | ToolProposal<Static<typeof RefundParams>, 'refund'>
    >();
    const proposal = {} as ToolProposalOf<Tools>;
    if (proposal.toolId === 'refund') expectTypeOf(proposal.args).toEqualTypeOf<{ orderId: string; cents: number }>();
    else expectTypeOf(proposal.args).toEqualTypeOf<{ orderId: string }>();
  });

  it('types the arguments of a single tool whose id is a plain string', () => {
    const search = { id: 'search', description: 'Search', parameters: Type.Object({ query: Type.String() }) };
    expectTypeOf(search.id).toEqualTypeOf<string>();
    expectTypeOf<ToolProposalOf<readonly [typeof search]>>().toEqualTypeOf<ToolProposal<{ query: string }>>();
  });

  it('falls back to args: unknown for tools not known statically', () => {
    expectTypeOf<ToolProposalOf<readonly ToolSpec[]>>().toEqualTypeOf<ToolProposal>();
    expectTypeOf<ToolProposalOf<readonly ToolSpec[]>['args']>().toBeUnknown();
    expectTypeOf<ToolProposalOf<readonly []>>().toBeNever();
  });

  it('keeps every typed proposal a ToolProposal', () => {
    expectTypeOf<ToolProposalOf<Tools>>().toExtend<ToolProposal>();
  });
});

describe('StageValue and ModelResult', () => {
  it('is the text of a plain-text stage', () => {
    expectTypeOf<StageValue<readonly []>>().toEqualTypeOf<string>();
    expectTypeOf<ModelResult<readonly []>['value']>().toEqualTypeOf<string>();
  });

  it('is the typed proposals of a tool stage', () => {
    expectTypeOf<ModelResult<Tools>['value']>().toEqualTypeOf<readonly ToolProposalOf<Tools>[]>();
    expectTypeOf<ModelResult<Tools>['proposals']>().toEqualTypeOf<readonly ToolProposalOf<Tools>[]>();
  });

  it('is either for a list of tools that may be empty, and ModelResult alone is as before', () => {
    expectTypeOf<StageValue<readonly ToolSpec[]>>().toEqualTypeOf<string | readonly ToolProposal[]>();
    expectTypeOf<ModelResult['value']>().toEqualTypeOf<string | readonly ToolProposal[]>();
    expectTypeOf<ModelResult['proposals']>().toEqualTypeOf<readonly ToolProposal[]>();
    expectTypeOf<ModelResult<Tools>>().toExtend<ModelResult>();
  });
});

describe('ToolSpec', () => {
  it('takes a TypeBox object schema', () => {
    expectTypeOf(lookup).toExtend<ToolSpec>();
    expectTypeOf(refund).toExtend<ToolSpec<typeof RefundParams, 'refund'>>();
    expectTypeOf(lookup).toExtend<ToolSpec<typeof LookupParams, 'lookupOrder'>>();
    expectTypeOf(Type.Refine(LookupParams, () => true)).toExtend<ToolSpec['parameters']>();
  });

  it('refuses parameters that are not a TypeBox object schema', () => {
    // @ts-expect-error -- a plain object is not a TypeBox schema
    const plain: ToolSpec = { id: 'a', description: 'd', parameters: { orderId: 'string' } };
    // @ts-expect-error -- JSON Schema written by hand is not a TypeBox schema either
    const json: ToolSpec = { id: 'a', description: 'd', parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] } };
    const zodLike = { _def: { typeName: 'ZodObject' }, shape: { orderId: {} }, parse: (value: unknown) => value, safeParse: (value: unknown) => ({ success: true, data: value }) };
    // @ts-expect-error -- a zod schema is not a TypeBox schema
    const zod: ToolSpec = { id: 'a', description: 'd', parameters: zodLike };
    // @ts-expect-error -- a TypeBox schema that is not an object
    const string: ToolSpec = { id: 'a', description: 'd', parameters: Type.String() };
    expectTypeOf([plain, json, zod, string]).toExtend<readonly ToolSpec[]>();
  });
});
