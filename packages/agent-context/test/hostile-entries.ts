import fc from 'fast-check';
import type { HostileEntry } from '../../agent-types/test/hostile-entry.js';
import { assembleContextPlan } from '../src/assemble-context-plan.js';
import { assembleConversation } from '../src/assemble-conversation.js';
import { assembleFragments } from '../src/assemble-fragments.js';
import { validateContextFragment } from '../src/validate-context-fragment.js';
import { validFragmentArbitrary, validFragmentListArbitrary } from './fragment-arbitraries.js';
import { validPlanArbitrary } from './plan-arbitraries.js';

/** A short valid conversation history: a user turn, a tool call and its result, a reply. */
const historyArbitrary = fc.constantFrom(0, 1, 2).map((length) =>
  [
    { role: 'user', content: 'Where is order 7?' },
    { role: 'assistant', content: '', toolCalls: [{ callId: 'c1', toolId: 'lookup', args: { orderId: '7' } }] },
    { role: 'tool', callId: 'c1', content: '{"status":"lost"}' },
    { role: 'assistant', content: 'It is lost.' },
  ].slice(0, length === 0 ? 1 : length === 1 ? 3 : 4),
);

/** The public entry points of agent-context, each with valid argument lists. */
export const contextHostileEntries: readonly HostileEntry[] = [
  {
    name: 'validateContextFragment',
    valid: fc.tuple(validFragmentArbitrary(), fc.option(fc.constant(null).map(() => new Set(['taken'])), { nil: undefined }), fc.option(fc.boolean(), { nil: undefined })),
    run: ([fragment, ids, checkBudget]) => validateContextFragment(fragment as never, ids as never, checkBudget as never),
  },
  {
    name: 'assembleFragments',
    valid: fc.tuple(validFragmentListArbitrary(4), fc.integer({ min: 10_000, max: 100_000 })),
    run: ([fragments, maxInputChars]) => assembleFragments(fragments as never, maxInputChars as never),
  },
  {
    name: 'assembleContextPlan',
    valid: fc.tuple(fc.tuple(validPlanArbitrary, fc.integer({ min: 10_000, max: 100_000 })).map(([{ fragments, originalFragments, mutableFragmentIds }, maxInputChars]) => ({ fragments, originalFragments, mutableFragmentIds, maxInputChars }))),
    run: ([request]) => assembleContextPlan(request as never),
  },
  {
    name: 'assembleConversation',
    valid: fc.tuple(fc.record({ fragments: validFragmentListArbitrary(3), history: historyArbitrary, maxInputChars: fc.integer({ min: 10_000, max: 100_000 }) })),
    run: ([request]) => assembleConversation(request as never),
  },
];
