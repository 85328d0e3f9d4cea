/**
 * One projection rule of {@link createReplyPreview}: which stage and tool it matches and which
 * prose fields of the streamed arguments may be shown.
 *
 * A rule without `toolId` matches only a plain-text stage (one bubble: the text so far); a rule
 * with `toolId` matches only calls of that tool, in a stage that registered it. Configuring a
 * preview never creates a tool. Every field may also be given as `undefined` (the same as
 * omitting it), as the API page types them.
 */
export interface ReplyPreviewRule {
  /** Native function wire name of the tool whose arguments are previewed. Omit only for a registered plain-text stage. */
  toolId?: string | undefined;
  /** Restrict the rule to one stage; omitted matches any stage producing this capability. */
  stageId?: string | undefined;
  /**
   * JSON paths to project, where `*` matches any array index; defaults to
   * {@link DEFAULT_REPLY_PREVIEW_PATHS} (`text`, `bubble`, `bubbles.*`). Only for a rule with `toolId`.
   */
  paths?: readonly (readonly string[])[] | undefined;
  /**
   * Presentation eligibility from a complete string field in the same proposal: nothing of the
   * proposal is shown until the string at `path` is complete, and nothing ever is unless its value
   * is one of `values`. Only for a rule with `toolId`.
   */
  when?: { path: readonly string[]; values: readonly string[] } | undefined;
}
