import { AgentCoreError, type JsonValue } from '@jangts/agent-types';

/** What a plan breaks, for the error's `details`. */
export interface PlanProblem {
  readonly fragmentId: string;
  /** Where the fragment sits: `fragments[2]` (a candidate) or `originalFragments[3]` (a dropped original). */
  readonly path: string;
  /** Stable rule name: `invented`, `reordered`, `immutable-changed`, `immutable-dropped`, `mutable-field-changed`, `mutable-grown`. */
  readonly rule: string;
  /** The fragment field concerned, when one is. */
  readonly field?: string;
  readonly limit?: JsonValue;
  readonly actual?: JsonValue;
}

/** A `PLAN_VIOLATION` error naming the fragment (its list and index too) and the rule. */
export function planViolation(message: string, problem: PlanProblem): AgentCoreError {
  const details: Record<string, JsonValue> = { fragmentId: problem.fragmentId, path: problem.path, rule: problem.rule };
  // `list` and `index` as every other fragment error has them, read from the path.
  const position = /^(fragments|originalFragments)\[(\d+)\]$/.exec(problem.path);
  if (position !== null) {
    details.list = position[1] as string;
    details.index = Number(position[2]);
  }
  if (problem.field !== undefined) details.field = problem.field;
  if (problem.limit !== undefined) details.limit = problem.limit;
  if (problem.actual !== undefined) details.actual = problem.actual;
  return new AgentCoreError('PLAN_VIOLATION', `plan: ${message}`, { details });
}
