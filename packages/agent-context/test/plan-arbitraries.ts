import type { ContextFragment, ContextPlanAudit } from '@jangts/agent-types';
import fc from 'fast-check';
import { textOf, validFragmentListArbitrary } from './fragment-arbitraries.js';

/** What a valid plan does with one original. */
type Decision = { readonly kind: 'keep' } | { readonly kind: 'drop' } | { readonly kind: 'shrink'; readonly cut: number; readonly asString: boolean };

/** A valid plan and the audit SPEC §3 gives it, worked out while building it. */
export interface ValidPlan {
  readonly originalFragments: ContextFragment[];
  readonly mutableFragmentIds: string[];
  readonly fragments: ContextFragment[];
  readonly audit: Pick<ContextPlanAudit, 'unchanged' | 'changed' | 'dropped'>;
}

const decisionArbitrary: fc.Arbitrary<Decision> = fc.oneof(
  fc.constant({ kind: 'keep' as const }),
  fc.constant({ kind: 'drop' as const }),
  fc.record({ kind: fc.constant('shrink' as const), cut: fc.nat(), asString: fc.boolean() }),
);

/** A shorter (or equal) value for `fragment`: a prefix of a string, a record with fewer keys, or a prefix of a record's text. */
function shrink(fragment: ContextFragment, cut: number, asString: boolean): ContextFragment['value'] {
  const { value } = fragment;
  if (typeof value === 'string' || asString || fragment.role === 'system') {
    const text = textOf(value);
    return text.slice(0, cut % (text.length + 1));
  }
  const keys = Object.keys(value);
  const keep = keys.slice(0, cut % (keys.length + 1));
  const smaller: Record<string, unknown> = {};
  for (const key of keep) Object.defineProperty(smaller, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  return smaller;
}

const sameValue = (a: ContextFragment['value'], b: ContextFragment['value']): boolean =>
  typeof a === typeof b && textOf(a) === textOf(b);

/** Originals, a mutable subset, and a candidate built only from allowed changes. */
export const validPlanArbitrary: fc.Arbitrary<ValidPlan> = validFragmentListArbitrary(8).chain((originalFragments) =>
  fc
    .record({
      mutableFragmentIds: fc.shuffledSubarray(originalFragments.map((fragment) => fragment.id)),
      decisions: fc.array(decisionArbitrary, { minLength: originalFragments.length, maxLength: originalFragments.length }),
    })
    .map(({ mutableFragmentIds, decisions }) => {
      const fragments: ContextFragment[] = [];
      const unchanged: string[] = [];
      const changed: string[] = [];
      const dropped: string[] = [];
      originalFragments.forEach((original, index) => {
        const decision = decisions[index] ?? { kind: 'keep' };
        const mutable = mutableFragmentIds.includes(original.id);
        if (!mutable || decision.kind === 'keep') {
          fragments.push({ ...original });
          unchanged.push(original.id);
        } else if (decision.kind === 'drop') {
          dropped.push(original.id);
        } else {
          const value = shrink(original, decision.cut, decision.asString);
          fragments.push({ ...original, value });
          (sameValue(value, original.value) ? unchanged : changed).push(original.id);
        }
      });
      return { originalFragments, mutableFragmentIds, fragments, audit: { unchanged, changed, dropped } };
    }),
);
