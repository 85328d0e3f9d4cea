import { AgentCoreError } from '@jangts/agent-types';
import { InputFault, MAX_INPUT_DEPTH, type RuleIssue, type Walk } from '@jangts/agent-types/internal';
import { invokeRequestError } from '../errors.js';

/** Refuses the part of the invoke request `walk` is at (or, with `issue.path`, a part below it). */
export function refuse(walk: Walk, issue: RuleIssue): never {
  // Not an Error: caught by guardInput, as the door's own readers' faults are.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw new InputFault({ ...issue, path: [...walk.path, ...(issue.path ?? [])] });
}

/**
 * Runs `read`, a part of the invoke request's door written around the door's compiled readers (a
 * message list, whose checked messages are taken by identity), so that only the door's one error
 * form escapes: a fault becomes `INPUT_INVALID` (or the fault's own code), a throwing getter or
 * proxy trap `readable` at the part being read, a stack overflow `depth`.
 */
export function guardInput<TValue>(walk: Walk, read: () => TValue): TValue {
  try {
    return read();
  } catch (error) {
    if (error instanceof InputFault) throw invokeRequestError(error.issue);
    if (AgentCoreError.isInstance(error)) throw error;
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw invokeRequestError({ path: walk.path, rule: 'depth', problem: `is nested too deeply to check (over ${MAX_INPUT_DEPTH} levels, or the stack ran out)`, limit: MAX_INPUT_DEPTH, cause: error });
    }
    throw invokeRequestError({ path: walk.path, rule: 'readable', problem: 'could not be read (reading it threw)', cause: error });
  }
}
