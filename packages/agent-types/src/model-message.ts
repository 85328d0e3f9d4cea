/**
 * A tool call the model proposed; not an executed result: the App decides what to do with it.
 * `ToolProposal` alone takes any proposal (`args: unknown`); a stage whose tools are known
 * statically types its proposals as `ToolProposalOf` its tools.
 */
export interface ToolProposal<TArgs = unknown, TId extends string = string> {
  /** Provider's id for this call, used to pair a tool result with it. */
  readonly callId: string;
  /** Id of the tool (its wire function name). */
  readonly toolId: TId;
  /** Arguments, validated against the tool's parameter schema. */
  readonly args: TArgs;
}

/** One message of a conversation sent to a model. */
export type ModelMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls?: readonly ToolProposal[] | undefined }
  | { readonly role: 'tool'; readonly callId: string; readonly content: string };
