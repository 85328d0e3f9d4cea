import { AgentCoreError, type JsonValue } from '@jangts/agent-types';

/** What is wrong with an argument or option, for the error's `details`. */
export interface ConfigProblem {
  /** The argument or request field (`maxInputChars`, `mutableFragmentIds`, …). */
  readonly field: string;
  /** The path inside it (`mutableFragmentIds[2]`); defaults to `field`. */
  readonly path?: string;
  /** Stable rule name. */
  readonly rule: string;
  readonly limit?: JsonValue;
  readonly actual?: JsonValue;
  /** The fragment concerned, when there is one. */
  readonly fragmentId?: string;
}

/** A `CONFIG_INVALID` error for an argument that is not a fragment (ids, budgets, plan options). */
export function configError(message: string, problem: ConfigProblem, cause?: unknown): AgentCoreError {
  const details: Record<string, JsonValue> = {};
  if (problem.fragmentId !== undefined) details.fragmentId = problem.fragmentId;
  details.field = problem.field;
  details.path = problem.path ?? problem.field;
  details.rule = problem.rule;
  if (problem.limit !== undefined) details.limit = problem.limit;
  if (problem.actual !== undefined) details.actual = problem.actual;
  return new AgentCoreError('CONFIG_INVALID', message, { details, ...(cause === undefined ? {} : { cause }) });
}
