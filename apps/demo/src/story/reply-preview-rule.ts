import type { ReplyPreviewRule } from '@jangts/agent-core/support';

/**
 * What the customer may see while the model is still writing: the `answer` and each of the
 * `bubbles` of a `reply` call — never `internalNote` — and only once `kind` is complete and is
 * `"reply"` (a handoff is never previewed). The rule matches the tool the stage registers;
 * configuring a preview never creates a tool.
 */
export const REPLY_PREVIEW_RULE: ReplyPreviewRule = {
  stageId: 'reply',
  toolId: 'reply',
  paths: [['answer'], ['bubbles', '*']],
  when: { path: ['kind'], values: ['reply'] },
};
