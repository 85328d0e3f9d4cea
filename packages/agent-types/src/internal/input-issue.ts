import type { AgentCoreErrorCode } from '../agent-core-error-code.js';
import type { JsonValue } from '../json-value.js';

/**
 * The rule an input breaks, as `details.rule` names it. The door's own rules are listed; a
 * refinement ({@link rule}) names its own (`duplicate`, `order`, …).
 */
export type InputRule =
  | 'type'
  | 'required'
  | 'unknown'
  | 'pattern'
  | 'range'
  | 'length'
  | 'enum'
  | 'plain'
  | 'json'
  | 'readable'
  | 'depth'
  | 'cycle'
  | 'hole'
  | 'size'
  | 'misuse'
  | (string & {});

/** One reason an input is refused, before it becomes an `AgentCoreError`. */
export interface InputIssue {
  /** Where, below the input itself: property names and list indexes. */
  readonly path: readonly (string | number)[];
  readonly rule: InputRule;
  /** What is wrong, worded to follow the field name: `must be a string (got 5)`. */
  readonly problem: string;
  /** What the rule wants, in words or as a pattern. */
  readonly expected?: string;
  /** The bound that was crossed. */
  readonly limit?: number;
  /** The offending value as `details.actual` carries it (see `detailValue`). */
  readonly actual?: JsonValue;
  /** For an unknown name, the known name it is closest to. */
  readonly suggestion?: string;
  /** A code other than the door's own (a refinement's `FRAGMENT_DUPLICATE`, say). */
  readonly code?: AgentCoreErrorCode;
  /** What a getter or proxy trap threw. */
  readonly cause?: unknown;
}

/** Thrown inside the door's readers and caught by the door: cheap, never seen outside. */
export class InputFault {
  constructor(readonly issue: InputIssue) {}
}
