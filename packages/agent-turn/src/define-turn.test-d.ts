import type { ModelRunner } from '@jangts/agent-runner';
import type { OperationContext, ToolProposal } from '@jangts/agent-types';
import * as Type from 'typebox';
import type { Static } from 'typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { defineTurn, type Turn } from './define-turn.js';
import type { TurnDecision, TurnDecisionSchema } from './turn-resume-request.js';
import type { TurnResult } from './turn-result.js';
import type { TurnState, TurnStateSchema } from './turn-state.js';

declare const model: ModelRunner;
const lookup = { id: 'lookupOrder', description: 'Look an order up', parameters: Type.Object({ orderId: Type.String() }) };
const refund = { id: 'refund', description: 'Refund', parameters: Type.Object({ orderId: Type.String(), cents: Type.Integer() }) };
const budgets = { maxSteps: 3, maxToolCalls: 3, maxInputChars: 100, maxToolResultChars: 10 };

describe('defineTurn types', () => {
  it('types each tool’s execute and approval by its own schema', () => {
    // The App's type comes from one annotated context (an explicit type argument would stop the tools' inference).
    const turn = defineTurn({
      model,
      tools: [
        {
          spec: lookup,
          execute: (args, context: OperationContext<{ user: string }>) => {
            expectTypeOf(args).toEqualTypeOf<{ orderId: string }>();
            expectTypeOf(context.app).toEqualTypeOf<Readonly<{ user: string }>>();
            return args.orderId;
          },
          approval: 'auto',
        },
        {
          spec: refund,
          execute: (args) => {
            expectTypeOf(args).toEqualTypeOf<{ orderId: string; cents: number }>();
            return args.cents;
          },
          approval: (proposal, context) => {
            expectTypeOf(context.app.user).toEqualTypeOf<string>();
            expectTypeOf(proposal.args).toEqualTypeOf<{ orderId: string; cents: number }>();
            return proposal.args.cents < 5000;
          },
        },
      ],
      ...budgets,
    });
    expectTypeOf(turn).toEqualTypeOf<Turn<{ user: string }>>();
  });

  it('refuses an execute whose arguments are not the schema’s', () => {
    defineTurn({
      model,
      // @ts-expect-error -- orderId is a string
      tools: [{ spec: lookup, execute: (args: { orderId: number }) => args.orderId, approval: 'auto' }],
      ...budgets,
    });
  });

  it('refuses tool parameters that are not a TypeBox object schema', () => {
    const plain = { id: 'lookupOrder', description: 'Look an order up', parameters: { orderId: 'string' } };
    // @ts-expect-error -- a plain object is not a TypeBox schema
    defineTurn({ model, tools: [{ spec: plain, execute: () => 'x', approval: 'auto' }], ...budgets });
    const zodLike = { id: 'lookupOrder', description: 'Look an order up', parameters: { _def: { typeName: 'ZodObject' }, parse: (value: unknown) => value } };
    // @ts-expect-error -- a zod schema is not a TypeBox schema
    defineTurn({ model, tools: [{ spec: zodLike, execute: () => 'x', approval: 'auto' }], ...budgets });
  });

  it('narrows a result by its status: only a waiting turn has a state', async () => {
    const result = await ({} as Turn).run({ fragments: [], context: { app: undefined, signal: new AbortController().signal } });
    expectTypeOf(result).toEqualTypeOf<TurnResult>();
    if (result.status === 'awaiting-approval') {
      expectTypeOf(result.state).toEqualTypeOf<TurnState>();
      expectTypeOf(result.proposals).toEqualTypeOf<readonly ToolProposal[]>();
    }
    if (result.status === 'done') expectTypeOf(result.text).toEqualTypeOf<string>();
    // @ts-expect-error -- a result of unknown status may have no state
    expectTypeOf(result.state).toBeUnknown();
  });

  it('has the schemas’ static types as its public types', () => {
    expectTypeOf<TurnDecision>().toEqualTypeOf<Static<typeof TurnDecisionSchema>>();
    expectTypeOf<TurnDecision>().toEqualTypeOf<{ callId: string; approve: boolean }>();
    expectTypeOf<TurnState>().toEqualTypeOf<Static<typeof TurnStateSchema>>();
  });
});
