import { AssembledContextPlanSchema, ContextPlanRequestSchema, type ContextFragment, type ContextPlanRequest } from '@jangts/agent-types';
import { compileSchema } from '@jangts/agent-types/internal/compile';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue, fragmentIdArbitrary, outcome, textOf, validFragmentArbitrary } from '../test/fragment-arbitraries.js';
import { validPlanArbitrary, type ValidPlan } from '../test/plan-arbitraries.js';
import { assembleContextPlan } from './assemble-context-plan.js';
import { assembleFragments } from './assemble-fragments.js';

const request = (plan: ValidPlan, overrides: Partial<Record<keyof ContextPlanRequest, unknown>> = {}): ContextPlanRequest =>
  ({
    fragments: plan.fragments,
    originalFragments: plan.originalFragments,
    mutableFragmentIds: plan.mutableFragmentIds,
    maxInputChars: Number.MAX_SAFE_INTEGER,
    ...overrides,
  }) as ContextPlanRequest;

const planViolation = (plan: ValidPlan, fragments: readonly ContextFragment[]) => {
  const result = outcome(() => assembleContextPlan(request(plan, { fragments })));
  return result.ok ? { code: 'no error', details: {} } : { code: result.error.code, details: result.error.details };
};

const originalsChars = (fragments: readonly ContextFragment[]): number => {
  const byRole = (role: string): string[] => fragments.filter((fragment) => fragment.role === role).map((fragment) => textOf(fragment.value));
  return byRole('system').join('\n\n').length + byRole('user').join('\n\n').length;
};

const planRequestSchema = compileSchema(ContextPlanRequestSchema);
const planResultSchema = compileSchema(AssembledContextPlanSchema);

describe('assembleContextPlan', () => {
  it('accepts every plan built from allowed changes and audits it exactly', () => {
    fc.assert(
      fc.property(validPlanArbitrary, (plan) => {
        const result = assembleContextPlan(request(plan));
        const assembled = assembleFragments(plan.fragments, Number.MAX_SAFE_INTEGER);
        expect({ messages: result.messages, fragmentUsage: result.fragmentUsage, inputChars: result.inputChars }).toEqual(assembled);
        expect(result.audit).toEqual({
          ...plan.audit,
          originalChars: originalsChars(plan.originalFragments),
          inputChars: assembled.inputChars,
        });
        // The wire schemas describe both ends.
        expect(planRequestSchema.issues(request(plan))).toEqual([]);
        expect(planResultSchema.issues(result)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects an invented fragment wherever it is inserted', () => {
    fc.assert(
      fc.property(validPlanArbitrary, validFragmentArbitrary({ id: fragmentIdArbitrary.map((id) => `new-${id}`) }), fc.nat(), (plan, invented, at) => {
        fc.pre(!plan.originalFragments.some((fragment) => fragment.id === invented.id));
        const fragments = [...plan.fragments];
        const index = at % (fragments.length + 1);
        fragments.splice(index, 0, invented);
        expect(planViolation(plan, fragments)).toEqual({
          code: 'PLAN_VIOLATION',
          details: { field: `fragments[${index}]`, path: `/fragments/${index}`, rule: 'invented' },
        });
      }),
    );
  });

  it('rejects any swap of two candidates as reordered', () => {
    fc.assert(
      fc.property(validPlanArbitrary, fc.nat(), fc.nat(), (plan, a, b) => {
        fc.pre(plan.fragments.length >= 2);
        const first = a % plan.fragments.length;
        const second = b % plan.fragments.length;
        fc.pre(first !== second);
        const fragments = [...plan.fragments];
        [fragments[first], fragments[second]] = [fragments[second] as ContextFragment, fragments[first] as ContextFragment];
        expect(planViolation(plan, fragments)).toMatchObject({ code: 'PLAN_VIOLATION', details: { rule: 'reordered' } });
      }),
    );
  });

  it('rejects any change to an immutable fragment, field by field', () => {
    fc.assert(
      fc.property(validPlanArbitrary, fc.nat(), fc.constantFrom('sourceId', 'lifetime', 'maxChars', 'trust', 'value'), (plan, pick, field) => {
        const immutable = plan.fragments.filter((fragment) => !plan.mutableFragmentIds.includes(fragment.id));
        fc.pre(immutable.length > 0);
        const target = immutable[pick % immutable.length] as ContextFragment;
        const text = textOf(target.value);
        const changes: Record<string, Partial<ContextFragment>> = {
          sourceId: { sourceId: `${target.sourceId}-changed` },
          lifetime: { lifetime: target.lifetime === 'turn' ? 'call' : 'turn' },
          maxChars: { maxChars: target.maxChars === Number.MAX_SAFE_INTEGER ? target.maxChars - 1 : target.maxChars + 1 },
          trust: { trust: { system: 'app', app: 'system', user: 'tool', tool: 'user' }[target.trust] as ContextFragment['trust'] },
          value: { value: text.length > 0 ? text.slice(1) : target.role === 'system' ? 'x' : {} },
        };
        const change = changes[field] as Partial<ContextFragment>;
        fc.pre(textOf(change.value ?? target.value).length <= (change.maxChars ?? target.maxChars));
        const fragments = plan.fragments.map((fragment) => (fragment === target ? { ...fragment, ...change } : fragment));
        expect(planViolation(plan, fragments)).toMatchObject({
          code: 'PLAN_VIOLATION',
          details: { field: `fragments[${plan.fragments.indexOf(target)}].${field}`, rule: 'immutable-changed' },
        });
      }),
    );
  });

  it('rejects dropping any immutable fragment', () => {
    fc.assert(
      fc.property(validPlanArbitrary, fc.nat(), (plan, pick) => {
        const immutable = plan.fragments.filter((fragment) => !plan.mutableFragmentIds.includes(fragment.id));
        fc.pre(immutable.length > 0);
        const target = immutable[pick % immutable.length] as ContextFragment;
        const index = plan.originalFragments.findIndex((fragment) => fragment.id === target.id);
        expect(planViolation(plan, plan.fragments.filter((fragment) => fragment !== target))).toEqual({
          code: 'PLAN_VIOLATION',
          details: { field: `originalFragments[${index}]`, path: `/originalFragments/${index}`, rule: 'immutable-dropped' },
        });
      }),
    );
  });

  it('rejects a mutable fragment whose text grew by any amount within its own budget', () => {
    fc.assert(
      fc.property(validPlanArbitrary, fc.nat(), fc.integer({ min: 1, max: 20 }), (plan, pick, growth) => {
        const mutable = plan.fragments.filter((fragment) => plan.mutableFragmentIds.includes(fragment.id));
        fc.pre(mutable.length > 0);
        const target = mutable[pick % mutable.length] as ContextFragment;
        const original = plan.originalFragments.find((fragment) => fragment.id === target.id) as ContextFragment;
        const grown = textOf(original.value) + 'x'.repeat(growth);
        fc.pre(grown.length <= target.maxChars);
        const fragments = plan.fragments.map((fragment) => (fragment === target ? { ...fragment, value: grown } : fragment));
        expect(planViolation(plan, fragments)).toMatchObject({
          code: 'PLAN_VIOLATION',
          details: { field: `fragments[${plan.fragments.indexOf(target)}].value`, rule: 'mutable-grown', limit: textOf(original.value).length, actual: grown.length },
        });
      }),
    );
  });

  it('rejects a mutable fragment whose metadata changed', () => {
    fc.assert(
      fc.property(validPlanArbitrary, fc.nat(), (plan, pick) => {
        const mutable = plan.fragments.filter((fragment) => plan.mutableFragmentIds.includes(fragment.id));
        fc.pre(mutable.length > 0);
        const target = mutable[pick % mutable.length] as ContextFragment;
        const fragments = plan.fragments.map((fragment) => (fragment === target ? { ...fragment, sourceId: `${fragment.sourceId}!` } : fragment));
        expect(planViolation(plan, fragments)).toMatchObject({
          code: 'PLAN_VIOLATION',
          details: { field: `fragments[${plan.fragments.indexOf(target)}].sourceId`, rule: 'mutable-field-changed' },
        });
      }),
    );
  });

  it('rejects an unknown or repeated mutable id with CONFIG_INVALID', () => {
    fc.assert(
      fc.property(validPlanArbitrary, fragmentIdArbitrary, fc.nat(), fc.boolean(), (plan, stranger, at, repeat) => {
        const ids = [...plan.mutableFragmentIds];
        if (repeat) {
          fc.pre(ids.length > 0);
          ids.splice(at % (ids.length + 1), 0, ids[at % ids.length] as string);
        } else {
          fc.pre(!plan.originalFragments.some((fragment) => fragment.id === stranger));
          ids.splice(at % (ids.length + 1), 0, stranger);
        }
        const result = outcome(() => assembleContextPlan(request(plan, { mutableFragmentIds: ids })));
        expect(result.ok ? 'ok' : result.error.code).toBe('CONFIG_INVALID');
        expect(result.ok ? 'ok' : result.error.details).toMatchObject({
          field: expect.stringMatching(/^mutableFragmentIds\[\d+\]$/) as unknown,
          rule: repeat ? 'duplicate' : 'unknown-id',
        });
      }),
    );
  });

  it('answers any mutableFragmentIds with a result or CONFIG_INVALID', () => {
    fc.assert(
      fc.property(validPlanArbitrary, anyValue, (plan, mutableFragmentIds) => {
        const result = outcome(() => assembleContextPlan(request(plan, { mutableFragmentIds })));
        const ids = new Set(plan.originalFragments.map((fragment) => fragment.id));
        const valid =
          Array.isArray(mutableFragmentIds) &&
          Array.from(mutableFragmentIds as unknown[]).every((id) => typeof id === 'string' && ids.has(id)) &&
          new Set(mutableFragmentIds).size === mutableFragmentIds.length;
        if (!valid) expect(result.ok ? 'ok' : result.error.code).toBe('CONFIG_INVALID');
        else expect(result.ok ? 'ok' : result.error.code).toMatch(/^(ok|PLAN_VIOLATION)$/);
      }),
    );
  });

  it('answers any candidate value with FRAGMENT_INVALID or TRUST_VIOLATION at its index', () => {
    fc.assert(
      fc.property(validPlanArbitrary, anyValue, fc.nat(), (plan, junk, at) => {
        const fragments: unknown[] = [...plan.fragments];
        const index = at % (fragments.length + 1);
        fragments.splice(index, 0, junk);
        const result = outcome(() => assembleContextPlan(request(plan, { fragments })));
        expect(result.ok ? 'ok' : result.error.code).toMatch(/^(FRAGMENT_INVALID|TRUST_VIOLATION)$/);
        if (!result.ok) expect(result.error.details.field as string).toMatch(new RegExp(`^fragments\\[${index}\\]([.[]|$)`));
      }),
    );
  });

  it('answers any maxInputChars with the plan, INPUT_BUDGET or CONFIG_INVALID', () => {
    fc.assert(
      fc.property(validPlanArbitrary, fc.oneof(anyValue, fc.integer(), fc.nat({ max: 500 })), (plan, maxInputChars) => {
        const result = outcome(() => assembleContextPlan(request(plan, { maxInputChars })));
        const { inputChars } = assembleFragments(plan.fragments, Number.MAX_SAFE_INTEGER);
        if (typeof maxInputChars !== 'number' || !Number.isSafeInteger(maxInputChars) || maxInputChars < 1) {
          expect(result.ok ? 'ok' : result.error.code).toBe('CONFIG_INVALID');
        } else {
          expect(result.ok ? 'ok' : result.error.code).toBe(inputChars > maxInputChars ? 'INPUT_BUDGET' : 'ok');
        }
      }),
    );
  });

  it('answers any request at all with an AgentCoreError', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyValue,
          fc.record(
            { fragments: anyValue, originalFragments: anyValue, mutableFragmentIds: anyValue, maxInputChars: anyValue },
            { requiredKeys: [] },
          ),
        ),
        (input) => {
          const result = outcome(() => assembleContextPlan(input as ContextPlanRequest));
          if (result.ok) {
            expect(result.value.audit.inputChars).toBe(result.value.inputChars);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
