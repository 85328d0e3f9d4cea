import type { AssembledInput, ContextFragment } from '@jangts/agent-types';
import { parser, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { assembleWithinBudget } from './assemble-within-budget.js';
import { fragmentsParser } from './fragments-parser.js';

/** Schema of a `maxInputChars`: a positive safe integer. */
export const MaxInputCharsSchema = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

const ARGUMENTS: InputDoor = { subject: 'assembleFragments', code: 'CONFIG_INVALID', name: 'arguments' };

const assembleArguments = /* @__PURE__ */ parser(Type.Object({ maxInputChars: MaxInputCharsSchema }, { additionalProperties: false }), ARGUMENTS);
const parseFragments = fragmentsParser({ ...ARGUMENTS, code: 'FRAGMENT_INVALID', at: ['fragments'] });

/**
 * Validates fragments and assembles them into model input: at most two messages, the
 * `system` message first (its fragments in order), then the `user` message; texts inside a
 * message are joined with one blank line (`"\n\n"`); a role without fragments has no message.
 *
 * Every fragment is validated as by `validateContextFragment`, ids unique across the list and
 * budgets checked. `fragmentUsage` has one row per fragment in input order; `inputChars` is the
 * total length (UTF-16 code units) of all message contents.
 *
 * @param fragments - the fragments, in order; an empty array assembles to no messages.
 * @param maxInputChars - upper bound of `inputChars`; a positive safe integer.
 * @throws AgentCoreError, as `assembleFragments: <field> <problem>`: `CONFIG_INVALID` (a bad
 *   `maxInputChars`, checked first), `TRUST_VIOLATION` (checked across the list before anything
 *   else about its fragments), `FRAGMENT_INVALID` (not a list, or a bad fragment:
 *   `fragments[2].maxChars`), `FRAGMENT_DUPLICATE`, `FRAGMENT_BUDGET`, and `INPUT_BUDGET` naming
 *   the total, the limit and the largest fragments.
 *
 * @example
 * ```ts
 * const input = assembleFragments(
 *   [{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: 'Hi' }],
 *   2000,
 * );
 * input.messages; // [{ role: 'user', content: 'Hi', fragmentIds: ['question'] }]
 * ```
 */
export function assembleFragments(fragments: readonly ContextFragment[], maxInputChars: number): AssembledInput {
  const limit = assembleArguments.parse({ maxInputChars }).maxInputChars;
  return assembleWithinBudget(parseFragments(fragments, true), limit, ARGUMENTS, ['fragments']);
}
