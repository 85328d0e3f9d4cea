import type { ContextFragment, ContextPlanAudit } from '@jangts/agent-types';
import { detailValue, quoteText, type InputDoor } from '@jangts/agent-types/internal';
import { mutableIdError, planViolation } from './errors.js';
import type { ParsedFragments } from './fragments-parser.js';

/** The ids a plan keeps, changes and drops. */
export type PlanChanges = Pick<ContextPlanAudit, 'unchanged' | 'changed' | 'dropped'>;

/** The fields a mutable fragment must keep; only `value` may change. */
const KEPT_FIELDS = ['sourceId', 'trust', 'lifetime', 'maxChars', 'role'] as const;

/**
 * The set of `mutableFragmentIds` (a list of strings, read by its parser), each naming an
 * original, none twice; an empty list forbids every change.
 *
 * @throws AgentCoreError `CONFIG_INVALID` at the first entry with no original (`unknown-id`) or
 *   listed a second time (`duplicate`).
 */
export function mutableIdSet(ids: readonly string[], originals: ParsedFragments, door: InputDoor): Set<string> {
  const known = new Set(originals.fragments.map(({ id }) => id));
  const mutable = new Set<string>();
  ids.forEach((id, index) => {
    if (!known.has(id)) throw mutableIdError(door, ['mutableFragmentIds', index], id, 'unknown-id');
    if (mutable.has(id)) throw mutableIdError(door, ['mutableFragmentIds', index], id, 'duplicate');
    mutable.add(id);
  });
  return mutable;
}

/**
 * Audits checked candidates against checked originals: every candidate id is an original
 * (`invented`); candidates keep the originals' relative order (`reordered`); a fragment not
 * listed as mutable is present (`immutable-dropped`) and identical (`immutable-changed`); a
 * mutable fragment keeps every field but `value` (`mutable-field-changed`) and its text never
 * grows (`mutable-grown`).
 *
 * Two values are identical when both are strings, or both records, and their texts are equal:
 * for records that is deep equality including key order, because key order is part of what
 * the model reads.
 *
 * @throws AgentCoreError `PLAN_VIOLATION` for the first breach, candidates in order first, then
 *   dropped originals in order, naming the fragment (its place and id) and the rule.
 */
export function auditContextPlan(candidates: ParsedFragments, originals: ParsedFragments, mutable: ReadonlySet<string>, door: InputDoor): PlanChanges {
  const originalIndex = new Map<string, number>();
  originals.fragments.forEach(({ id }, index) => originalIndex.set(id, index));
  const unchanged: string[] = [];
  const changed: string[] = [];
  const kept = new Set<number>();
  let previous: number | undefined;
  candidates.fragments.forEach((candidate, position) => {
    const { id } = candidate;
    const at = originalIndex.get(id);
    if (at === undefined) {
      throw planViolation(door, ['fragments', position], 'invented', `${quoteText(id)} is not among the original fragments; a plan cannot invent content`);
    }
    if (previous !== undefined && at < previous) {
      const before = (originals.fragments[previous] as ContextFragment).id;
      const problem = `${quoteText(id)} comes after ${quoteText(before)}, but the originals have it before; a plan keeps the original order`;
      throw planViolation(door, ['fragments', position], 'reordered', problem, { limit: at, actual: position });
    }
    previous = at;
    kept.add(at);
    const original = originals.fragments[at] as ContextFragment;
    const isMutable = mutable.has(id);
    const field = KEPT_FIELDS.find((name) => candidate[name] !== original[name]);
    if (field !== undefined) {
      const why = isMutable ? 'a mutable fragment may change its value only' : 'only fragments listed in mutableFragmentIds may change';
      const problem = `of ${quoteText(id)} changed from ${JSON.stringify(original[field])} to ${JSON.stringify(candidate[field])}; ${why}`;
      throw planViolation(door, ['fragments', position, field], isMutable ? 'mutable-field-changed' : 'immutable-changed', problem, {
        expected: JSON.stringify(original[field]),
        actual: detailValue(candidate[field]),
      });
    }
    const text = candidates.texts[position] as string;
    const originalText = originals.texts[at] as string;
    if (typeof candidate.value === typeof original.value && text === originalText) {
      unchanged.push(id);
      return;
    }
    if (!isMutable) {
      const problem = `of ${quoteText(id)} changed, but it is not mutable; only fragments listed in mutableFragmentIds may change`;
      throw planViolation(door, ['fragments', position, 'value'], 'immutable-changed', problem);
    }
    if (text.length > originalText.length) {
      const problem = `of ${quoteText(id)} grew from ${originalText.length} to ${text.length} characters; a mutable fragment's text may only shrink or stay the same length`;
      throw planViolation(door, ['fragments', position, 'value'], 'mutable-grown', problem, { limit: originalText.length, actual: text.length });
    }
    changed.push(id);
  });
  const dropped: string[] = [];
  originals.fragments.forEach(({ id }, index) => {
    if (kept.has(index)) return;
    if (!mutable.has(id)) {
      const problem = `${quoteText(id)} is not mutable but is missing from the plan; only fragments listed in mutableFragmentIds may be dropped`;
      throw planViolation(door, ['originalFragments', index], 'immutable-dropped', problem);
    }
    dropped.push(id);
  });
  return { unchanged, changed, dropped };
}
