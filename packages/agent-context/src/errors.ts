import type { AgentCoreError } from '@jangts/agent-types';
import { fieldName, inputError, quoteText, type InputDoor, type InputIssue } from '@jangts/agent-types/internal';

/*
 * Every AgentCoreError this package raises is made here, in the one form of the input door:
 * `<subject>: <field> <problem>`, details `{ field, path, rule, expected?, limit?, actual? }`.
 * The arguments and the fragments' structure are refused by their parsers; these are the
 * refusals that need what only assembly knows (a record's JSON, a text's length, the plan).
 */

/** Where a refused part sits below a door's input: property names and list indexes. */
export type InputPath = readonly (string | number)[];

/** A fragment's record value is not plain JSON (`json`, `plain`, `hole`, `cycle`, `depth`, `readable`). */
export function recordError(door: InputDoor, path: InputPath, issue: Omit<InputIssue, 'path'>): AgentCoreError {
  return inputError(door, { ...issue, path });
}

/** A record value holds one of its own ancestors, at `ancestor`. */
export function cycleError(door: InputDoor, path: InputPath, ancestor: InputPath): AgentCoreError {
  const target = fieldName(door.name, [...(door.at ?? []), ...ancestor], door.qualify);
  return inputError(door, { path, rule: 'cycle', problem: `contains itself (a cycle): it refers back to ${target}` });
}

/** A record value's JSON text is longer than the longest string this JavaScript engine can hold. */
export function recordTooLongError(door: InputDoor, path: InputPath, cause: RangeError): AgentCoreError {
  const problem = 'renders to JSON text longer than the longest string this JavaScript engine can hold';
  return inputError(door, { path, rule: 'engine-string-length', problem, cause });
}

/** A fragment's text is longer than its `maxChars` (`FRAGMENT_BUDGET`). */
export function fragmentBudgetError(door: InputDoor, path: InputPath, isRecord: boolean, length: number, maxChars: number): AgentCoreError {
  const text = isRecord ? `renders to ${length} characters of JSON` : `is ${length} characters`;
  return inputError(door, {
    path,
    rule: 'budget',
    problem: `${text} (UTF-16 code units), over maxChars (${maxChars})`,
    limit: maxChars,
    actual: length,
    code: 'FRAGMENT_BUDGET',
  });
}

/** A fragment's id is already in the `ids` set (`FRAGMENT_DUPLICATE`). */
export function duplicateIdError(door: InputDoor, path: InputPath, id: string): AgentCoreError {
  return inputError(door, { path, rule: 'duplicate', problem: `is ${quoteText(id)}, already in ids (the id of another fragment)`, actual: id, code: 'FRAGMENT_DUPLICATE' });
}

/**
 * The assembled input is over `maxInputChars` (`INPUT_BUDGET`): `measured` words the total
 * (`assemble to 97 characters (UTF-16 code units)`), `largest` names the largest parts.
 */
export function inputBudgetError(door: InputDoor, path: InputPath, measured: string, total: number, maxInputChars: number, largest: string): AgentCoreError {
  return inputError(door, {
    path,
    rule: 'budget',
    problem: `${measured}, over maxInputChars (${maxInputChars}); ${largest}`,
    limit: maxInputChars,
    actual: total,
    code: 'INPUT_BUDGET',
  });
}

/** An assembled message would be longer than the longest string this JavaScript engine can hold (`INPUT_BUDGET`). */
export function inputTooLongError(door: InputDoor, path: InputPath, total: number, maxInputChars: number, cause: RangeError): AgentCoreError {
  return inputError(door, {
    path,
    rule: 'engine-string-length',
    problem: `assemble to ${total} characters (UTF-16 code units), a message longer than the longest string this JavaScript engine can hold`,
    limit: maxInputChars,
    actual: total,
    code: 'INPUT_BUDGET',
    cause,
  });
}

/** A tool result in a history is longer than `maxToolResultChars` (`INPUT_BUDGET`). */
export function toolResultBudgetError(door: InputDoor, path: InputPath, length: number, maxToolResultChars: number): AgentCoreError {
  return inputError(door, {
    path,
    rule: 'budget',
    problem: `is ${length} characters, over maxToolResultChars (${maxToolResultChars})`,
    limit: maxToolResultChars,
    actual: length,
    code: 'INPUT_BUDGET',
  });
}

/** A compacted history holds a message its original does not hold at that place (`PLAN_VIOLATION`). */
export function compactionError(door: InputDoor, path: InputPath): AgentCoreError {
  const problem = 'is not in originalHistory after the messages kept before it (a compaction may only drop messages, in order)';
  return inputError(door, { path, rule: 'compaction', problem, code: 'PLAN_VIOLATION' });
}

/** An entry of `mutableFragmentIds` names no original, or repeats one (`CONFIG_INVALID`). */
export function mutableIdError(door: InputDoor, path: InputPath, id: string, rule: 'unknown-id' | 'duplicate'): AgentCoreError {
  const problem = rule === 'unknown-id' ? `is ${quoteText(id)}, which is not the id of any original fragment` : `lists ${quoteText(id)} a second time`;
  return inputError(door, { path, rule, problem, actual: id });
}

/** What a plan breaks: `invented`, `reordered`, `immutable-changed`, `immutable-dropped`, `mutable-field-changed`, `mutable-grown`. */
export type PlanRule = 'invented' | 'reordered' | 'immutable-changed' | 'immutable-dropped' | 'mutable-field-changed' | 'mutable-grown';

/** A candidate plan breaks an audit rule (`PLAN_VIOLATION`), at the fragment (or its field) `path` names. */
export function planViolation(door: InputDoor, path: InputPath, rule: PlanRule, problem: string, facts: Pick<InputIssue, 'expected' | 'limit' | 'actual'> = {}): AgentCoreError {
  return inputError(door, { ...facts, path, rule, problem, code: 'PLAN_VIOLATION' });
}
