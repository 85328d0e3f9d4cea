import { AgentCoreError } from '../agent-core-error.js';
import type { AgentCoreErrorCode } from '../agent-core-error-code.js';
import type { JsonObject } from '../json-value.js';
import { fieldName, pointerOf } from './field-name.js';
import type { InputIssue } from './input-issue.js';

/** Who refuses an input, as its messages name it. */
export interface InputDoor {
  /** The message's subject: `ModelRunner options`, `invoke request`, `createReplyPreview`. */
  readonly subject: string;
  /** The code of its errors: `CONFIG_INVALID` for options, `INPUT_INVALID` for requests, … */
  readonly code: AgentCoreErrorCode;
  /** What the input itself is called when the issue is the whole of it: `options`, `request`. */
  readonly name: string;
  /** Field names always start with `name` (`fragment.id`), not only when the path starts with an index. */
  readonly qualify?: boolean;
  /** Where the input sits in a larger one (`['input']` for an invoke request's input): put before every path. */
  readonly at?: readonly (string | number)[];
}

/**
 * The one error form of a refused input: the message `<subject>: <field> <problem>` and the
 * details `{ field, path, rule, expected?, limit?, actual?, suggestion? }`.
 */
export function inputError(door: InputDoor, issue: InputIssue): AgentCoreError {
  const path = door.at === undefined ? issue.path : [...door.at, ...issue.path];
  const field = fieldName(door.name, path, door.qualify);
  const details: Record<string, JsonObject[string]> = { field, path: pointerOf(path), rule: issue.rule };
  if (issue.expected !== undefined) details.expected = issue.expected;
  if (issue.limit !== undefined) details.limit = issue.limit;
  if (issue.actual !== undefined) details.actual = issue.actual;
  if (issue.suggestion !== undefined) details.suggestion = issue.suggestion;
  return new AgentCoreError(issue.code ?? door.code, `${door.subject}: ${field} ${issue.problem}`, {
    details,
    ...(issue.cause === undefined ? {} : { cause: issue.cause }),
  });
}
