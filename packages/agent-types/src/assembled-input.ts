import type { ContextLifetime, ContextRole, ContextTrust } from './context-fragment.js';

/** One assembled message: the texts of its fragments joined by a blank line. */
export interface AssembledMessage {
  /** `system` first, then `user`. */
  readonly role: ContextRole;
  /** The fragment texts joined with `"\n\n"`. */
  readonly content: string;
  /** Ids of the fragments this message carries, in order. */
  readonly fragmentIds: readonly string[];
}

/** One row of the usage table: where a fragment came from and what it cost. */
export interface FragmentUsage {
  readonly id: string;
  readonly sourceId: string;
  readonly trust: ContextTrust;
  readonly lifetime: ContextLifetime;
  readonly role: ContextRole;
  /** Characters (UTF-16 code units) the fragment contributed. */
  readonly chars: number;
  /** The fragment's declared bound. */
  readonly maxChars: number;
}

/** Model input assembled from fragments: at most two messages, the usage table, the total size. */
export interface AssembledInput {
  /** At most two messages: `system` (if any) then `user` (if any). */
  readonly messages: readonly AssembledMessage[];
  /** One row per fragment, in input order. */
  readonly fragmentUsage: readonly FragmentUsage[];
  /** Total length of all message contents. */
  readonly inputChars: number;
}
