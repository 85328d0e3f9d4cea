import type { AssembledContextPlan, ContextPlanRequest } from '@jangts/agent-types';
import { parser, reference, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { MaxInputCharsSchema } from './assemble-fragments.js';
import { assembleWithinBudget, measureAssembly } from './assemble-within-budget.js';
import { auditContextPlan, mutableIdSet } from './audit-context-plan.js';
import { fragmentsParser } from './fragments-parser.js';

const REQUEST: InputDoor = { subject: 'assembleContextPlan', code: 'CONFIG_INVALID', name: 'request' };

/** A field read later, by its own parser, so that the checks keep their order. */
const readLater = reference<unknown>('a value', () => true);

/**
 * The request as its first read sees it: a plain object of the four fields of
 * `ContextPlanRequest` (its schema, `ContextPlanRequestSchema`, describes them all) and a valid
 * `maxInputChars`; the other three are read in the audit's order below.
 */
const PlanRequestSchema = Type.Object(
  {
    fragments: Type.Optional(readLater),
    originalFragments: Type.Optional(readLater),
    mutableFragmentIds: Type.Optional(readLater),
    maxInputChars: MaxInputCharsSchema,
  },
  { additionalProperties: false },
);

const planRequest = /* @__PURE__ */ parser(PlanRequestSchema, REQUEST);
const parseOriginals = fragmentsParser({ ...REQUEST, code: 'FRAGMENT_INVALID', at: ['originalFragments'] });
const parseCandidates = fragmentsParser({ ...REQUEST, code: 'FRAGMENT_INVALID', at: ['fragments'] });
const parseMutableIds = /* @__PURE__ */ parser(Type.Array(Type.String()), {
  ...REQUEST,
  at: ['mutableFragmentIds'],
  misuse: (value) => (value === undefined ? { rule: 'required', problem: 'is required (an empty list forbids every change)', expected: 'a list of fragment ids' } : undefined),
});

/**
 * The final audit of a candidate context produced by the App's own compression (the core
 * ships none), then its assembly.
 *
 * In this order: the request is a plain object with only the four fields, and `maxInputChars` a
 * positive safe integer (`CONFIG_INVALID`); the originals are validated structurally (ids unique,
 * their own budgets not checked); `mutableFragmentIds` is a list naming existing originals,
 * without duplicates (`CONFIG_INVALID`); the candidates are validated fully (budgets checked).
 * Then the plan rules (`PLAN_VIOLATION`, naming fragment and rule): no candidate is invented,
 * candidates keep the originals' relative order, a fragment not listed as mutable is present and
 * identical to its original (every field, deep), a mutable fragment may be dropped or change its
 * `value` only and its text never grows. Last, the assembled candidates must fit `maxInputChars`
 * (`INPUT_BUDGET`).
 *
 * @returns the assembled input of the candidates (as `assembleFragments`) plus `audit`:
 *   `unchanged` and `changed` ids in candidate order, `dropped` ids in original order,
 *   `originalChars` (what the originals would have assembled to) and `inputChars`.
 * @throws AgentCoreError `CONFIG_INVALID`, `FRAGMENT_INVALID`, `FRAGMENT_DUPLICATE`,
 *   `TRUST_VIOLATION`, `FRAGMENT_BUDGET`, `PLAN_VIOLATION` or `INPUT_BUDGET`, as
 *   `assembleContextPlan: <field> <problem>`; never any other exception.
 */
export function assembleContextPlan(request: ContextPlanRequest): AssembledContextPlan {
  const { fragments, originalFragments, mutableFragmentIds, maxInputChars } = planRequest.parse(request);
  const originals = parseOriginals(originalFragments, false);
  const mutable = mutableIdSet(parseMutableIds.parse(mutableFragmentIds), originals, REQUEST);
  const candidates = parseCandidates(fragments, true);
  const changes = auditContextPlan(candidates, originals, mutable, REQUEST);
  const input = assembleWithinBudget(candidates, maxInputChars, REQUEST, ['fragments']);
  return { ...input, audit: { ...changes, originalChars: measureAssembly(originals), inputChars: input.inputChars } };
}
