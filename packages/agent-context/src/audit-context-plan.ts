import { quoteText } from '@jangts/agent-types/internal';
import type { ContextPlanAudit } from '@jangts/agent-types';
import type { CheckedFragment } from './check-fragment.js';
import { planViolation } from './plan-violation.js';

/** The ids a plan keeps, changes and drops. */
export type PlanChanges = Pick<ContextPlanAudit, 'unchanged' | 'changed' | 'dropped'>;

/** The fields a mutable fragment must keep; only `value` may change. */
const KEPT_FIELDS = ['sourceId', 'trust', 'lifetime', 'maxChars', 'role'] as const;

/**
 * Audits validated candidates against validated originals:
 * every candidate id is an original (`invented`); candidates keep the originals' relative
 * order (`reordered`); a fragment not listed as mutable is present (`immutable-dropped`) and
 * identical (`immutable-changed`); a mutable fragment keeps every field but `value`
 * (`mutable-field-changed`) and its text never grows (`mutable-grown`).
 *
 * Two values are identical when both are strings, or both records, and their texts are equal:
 * for records that is deep equality including key order, because key order is part of what
 * the model reads.
 *
 * @throws AgentCoreError `PLAN_VIOLATION` for the first breach, candidates in order first,
 *   then dropped originals in order.
 */
export function auditContextPlan(
  candidates: readonly CheckedFragment[],
  originals: readonly CheckedFragment[],
  originalIndex: ReadonlyMap<string, number>,
  mutable: ReadonlySet<string>,
): PlanChanges {
  const unchanged: string[] = [];
  const changed: string[] = [];
  const kept = new Set<number>();
  let previous: number | undefined;
  candidates.forEach((candidate, position) => {
    const { id } = candidate;
    const path = `fragments[${position}]`;
    const at = originalIndex.get(id);
    if (at === undefined) {
      throw planViolation(`${path} ${quoteText(id)} is not among the original fragments; a plan cannot invent content`, {
        fragmentId: id,
        path,
        rule: 'invented',
      });
    }
    if (previous !== undefined && at < previous) {
      const before = (originals[previous] as CheckedFragment).id;
      throw planViolation(`${path} ${quoteText(id)} comes after ${quoteText(before)}, but the originals have it before; a plan keeps the original order`, {
        fragmentId: id,
        path,
        rule: 'reordered',
        limit: at,
        actual: position,
      });
    }
    previous = at;
    kept.add(at);
    const original = originals[at] as CheckedFragment;
    const isMutable = mutable.has(id);
    const field = KEPT_FIELDS.find((name) => candidate[name] !== original[name]);
    if (field !== undefined) throw fieldChanged(path, id, field, original, candidate, isMutable);
    if (candidate.isRecord === original.isRecord && candidate.text === original.text) {
      unchanged.push(id);
      return;
    }
    if (!isMutable) {
      throw planViolation(`${path} ${quoteText(id)} is not mutable but its value changed; only fragments listed in mutableFragmentIds may change`, {
        fragmentId: id,
        path,
        rule: 'immutable-changed',
        field: 'value',
      });
    }
    if (candidate.text.length > original.text.length) {
      throw planViolation(`${path} ${quoteText(id)} grew from ${original.text.length} to ${candidate.text.length} chars; a mutable fragment's text may only shrink or stay the same length`, {
        fragmentId: id,
        path,
        rule: 'mutable-grown',
        field: 'value',
        limit: original.text.length,
        actual: candidate.text.length,
      });
    }
    changed.push(id);
  });
  const dropped: string[] = [];
  originals.forEach(({ id }, index) => {
    if (kept.has(index)) return;
    const path = `originalFragments[${index}]`;
    if (!mutable.has(id)) {
      throw planViolation(`${path} ${quoteText(id)} is not mutable but is missing from the plan; only fragments listed in mutableFragmentIds may be dropped`, {
        fragmentId: id,
        path,
        rule: 'immutable-dropped',
      });
    }
    dropped.push(id);
  });
  return { unchanged, changed, dropped };
}

function fieldChanged(
  path: string,
  id: string,
  field: (typeof KEPT_FIELDS)[number],
  original: CheckedFragment,
  candidate: CheckedFragment,
  isMutable: boolean,
): Error {
  const from = JSON.stringify(original[field]);
  const to = JSON.stringify(candidate[field]);
  const rule = isMutable ? 'mutable-field-changed' : 'immutable-changed';
  const why = isMutable ? 'a mutable fragment may change its value only' : 'only fragments listed in mutableFragmentIds may change';
  return planViolation(`${path} ${quoteText(id)} changed its ${field} from ${from} to ${to}; ${why}`, {
    fragmentId: id,
    path,
    rule,
    field,
    limit: original[field],
    actual: candidate[field],
  });
}
