import type { ReplyPreviewRule } from '@jangts/agent-core/support';
import { SUPPORT_STAGE_ID } from './support-stage-id.js';

/**
 * What the customer may see while the model is still writing: the `answer` and each of the
 * `bubbles` of a `reply` call — never `internalNote` — and only once `kind` is complete and is
 * `"reply"` (a handoff is never previewed). The turn's other calls (`lookupOrder`,
 * `issueRefund`) match no rule and show nothing. Configuring a preview never creates a tool.
 */
export const REPLY_PREVIEW_RULE: ReplyPreviewRule = {
  stageId: SUPPORT_STAGE_ID,
  toolId: 'reply',
  paths: [['answer'], ['bubbles', '*']],
  when: { path: ['kind'], values: ['reply'] },
};
