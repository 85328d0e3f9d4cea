import type { AssembledInput } from './assembled-input.js';
import type { ContextFragment } from './context-fragment.js';
import type { ModelMessage } from './model-message.js';

/**
 * One message of a conversation's history: a user message, an assistant message (text and tool
 * calls), or a tool result. Never a `system` message: the system slot is filled only from checked
 * fragments of `system` or `app` trust.
 */
export type HistoryMessage = Exclude<ModelMessage, { readonly role: 'system' | 'user' }> | { readonly role: 'user'; readonly content: string };

/**
 * A multi-step model input: the checked context (from `assembleFragments`, `assembleContextPlan`)
 * and the history after it.
 */
export interface Conversation {
  readonly context: AssembledInput;
  readonly history: readonly HistoryMessage[];
}

/** Who wrote a history message, as the usage table says: the user, the model itself, or a tool. */
export type HistoryTrust = 'user' | 'model' | 'tool';

/** One row of a conversation's history usage: what a message is and what it costs. */
export interface HistoryUsage {
  /** Index of the message in `history`. */
  readonly index: number;
  readonly role: HistoryMessage['role'];
  /** `user` for a user message, `model` for an assistant message, `tool` for a tool result. */
  readonly trust: HistoryTrust;
  /** Characters of the message's JSON text, what it counts against the budget. */
  readonly chars: number;
  /** The call ids an assistant message makes, or the one a tool result answers. */
  readonly callIds: readonly string[];
}

/** What a compaction kept and dropped of the original history. */
export interface HistoryAudit {
  /** Indexes into the original history of the messages kept, in order. */
  readonly kept: readonly number[];
  /** Indexes into the original history of the messages dropped. */
  readonly dropped: readonly number[];
  /** Call ids whose call or result was dropped (their pairs were dropped with them). */
  readonly droppedCallIds: readonly string[];
}

/** A conversation checked against one budget, with the usage of its history. */
export interface AssembledConversation extends Conversation {
  readonly historyUsage: readonly HistoryUsage[];
  /** Characters of the context's messages plus the JSON text of every history message. */
  readonly inputChars: number;
  /** With `originalHistory`: what the compaction kept and dropped. */
  readonly audit?: HistoryAudit | undefined;
}

/** What `assembleConversation` takes. */
export interface ConversationRequest {
  /** The context fragments, as `assembleFragments` takes them. */
  readonly fragments: readonly ContextFragment[];
  /** The history after the context; no `system` message. */
  readonly history: readonly HistoryMessage[];
  /** Upper bound of the whole input: the context's characters plus the history's JSON text. */
  readonly maxInputChars: number;
  /** Upper bound of each tool result's content. */
  readonly maxToolResultChars?: number | undefined;
  /** The history before the App compacted it: `history` must keep its messages, in order, and its call/result pairs. */
  readonly originalHistory?: readonly HistoryMessage[] | undefined;
}
