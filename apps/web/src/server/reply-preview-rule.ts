import type { ReplyPreviewRule } from '@jangts/agent-preview';

/**
 * What the customer may see while the model is still writing: `answer` and each of `bubbles` of
 * a `reply` call, never `internalNote`, and only once `kind` is complete and is `"reply"`. The
 * preview runs on the server, so the page never receives the raw arguments (nor the note).
 */
export const REPLY_PREVIEW_RULE: ReplyPreviewRule = {
  stageId: 'reply',
  toolId: 'reply',
  paths: [['answer'], ['bubbles', '*']],
  when: { path: ['kind'], values: ['reply'] },
};
