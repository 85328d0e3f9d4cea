import type { AssembledInput } from './assembled-input.js';
import type { ContextFragment } from './context-fragment.js';

/** A candidate plan from the App's own compression, audited by `assembleContextPlan`. */
export interface ContextPlanRequest {
  /** The candidate fragments, in the originals' relative order. */
  readonly fragments: readonly ContextFragment[];
  /** The fragments before compression. */
  readonly originalFragments: readonly ContextFragment[];
  /** Ids of originals that may be dropped or have their `value` shortened; empty forbids every change. */
  readonly mutableFragmentIds: readonly string[];
  /** Upper bound of the assembled candidate's total characters; a positive safe integer. */
  readonly maxInputChars: number;
}

/** What the plan changed against its originals. */
export interface ContextPlanAudit {
  /** Ids present and identical to their originals. */
  readonly unchanged: readonly string[];
  /** Ids present with a changed (shorter or equal) value. */
  readonly changed: readonly string[];
  /** Ids of mutable originals left out. */
  readonly dropped: readonly string[];
  /** Total characters the originals would have assembled to. */
  readonly originalChars: number;
  /** Total characters of the assembled candidate. */
  readonly inputChars: number;
}

/** The assembled input of an audited plan, with its audit. */
export interface AssembledContextPlan extends AssembledInput {
  readonly audit: ContextPlanAudit;
}
