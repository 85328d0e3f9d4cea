import { ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider } from '@jangts/agent-runner/providers/scripted';
import fc from 'fast-check';
import { appSignal, type HostileEntry } from '../../agent-types/test/hostile-entry.js';
import { defineTurn } from '../src/define-turn.js';
import { FRAGMENTS, LOOKUP_ORDER, REFUND, REPLY } from '../src/testing/turn-fixtures.js';
import type { TurnState } from '../src/turn-state.js';

const fresh = <TValue>(make: () => TValue): fc.Arbitrary<TValue> => fc.constant(null).map(make);

const PROPOSE = { toolCalls: [{ toolId: 'lookupOrder', args: { orderId: '7' }, callId: 'c1' }, { toolId: 'refund', args: { orderId: '7', cents: 1299 }, callId: 'c2' }] };

/** Turn options as the App writes them: a lookup that runs, a refund that waits for approval, a final reply tool. */
function turnOptions(): Record<string, unknown> {
  return {
    model: new ModelRunner({ provider: createScriptedProvider([PROPOSE, { toolCalls: [{ toolId: 'reply', args: { text: 'Refunded.' } }] }]) }),
    tools: [
      { spec: { ...LOOKUP_ORDER }, execute: () => ({ status: 'lost' }), approval: 'auto' },
      { spec: { ...REFUND }, execute: (args: { cents: number }) => ({ refunded: args.cents }), approval: 'required' },
      { spec: { ...REPLY } },
    ],
    finalToolId: 'reply',
    maxSteps: 4,
    maxToolCalls: 4,
    maxInputChars: 20_000,
    maxToolResultChars: 1000,
  };
}

const context = fresh(() => ({ app: { user: 'ops' }, signal: appSignal() }));

/** A state awaiting the refund's approval, as an App stores it (plain JSON). */
const awaiting = await defineTurn(turnOptions() as never).run({ fragments: FRAGMENTS, context: { app: { user: 'ops' }, signal: appSignal() } });
if (awaiting.status !== 'awaiting-approval') throw new Error(`expected a refund to approve, got ${awaiting.status}`);
const STORED_STATE = JSON.stringify(awaiting.state);

/** The public entry points of agent-turn, each with valid argument lists. */
export const turnHostileEntries: readonly HostileEntry[] = [
  {
    name: 'defineTurn + run',
    valid: fc.tuple(fresh(turnOptions), fc.record({ fragments: fresh(() => structuredClone(FRAGMENTS)), history: fc.constant([]), context }, { requiredKeys: ['fragments', 'context'] })),
    run: ([options, request]) => defineTurn(options as never).run(request as never),
  },
  {
    name: 'turn.resume',
    valid: fc.tuple(
      fresh(() => JSON.parse(STORED_STATE) as TurnState),
      fc.record({ decisions: fc.constantFrom([{ callId: 'c2', approve: true }], [{ callId: 'c2', approve: false }]), context }),
    ),
    run: ([state, request]) => defineTurn(turnOptions() as never).resume(state as never, request as never),
  },
];
