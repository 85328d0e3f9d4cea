import { BubbleView } from './bubble-view.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';
import { TextStagePreview } from './text-stage-preview.js';
import { ToolStagePreview } from './tool-stage-preview.js';

/** The stage a preview is following: its bubbles, and the preview of its text or of its tool calls. */
export type ActiveStage = { readonly stageId: string; readonly view: BubbleView } & (
  | { readonly text: TextStagePreview; readonly tools?: undefined }
  | { readonly text?: undefined; readonly tools: ToolStagePreview }
);

/**
 * Matches the rules against a starting stage: a rule's `stageId` restricts it to that stage; a
 * rule without `toolId` matches a plain-text stage, and the text of a tool stage none of whose
 * tools a rule previews; a rule with `toolId` matches only a tool the stage registered, and the
 * first matching rule of each tool applies. Returns `undefined`
 * when nothing of the stage is previewed.
 */
export function openStage(
  rules: readonly ReplyPreviewRule[],
  stageId: string,
  mode: 'text' | 'tools',
  toolIds: readonly string[],
  maxChars: number,
): ActiveStage | undefined {
  const appliesTo = (rule: ReplyPreviewRule): boolean => rule.stageId === undefined || rule.stageId === stageId;
  const textStage = (): ActiveStage | undefined => {
    if (!rules.some((rule) => rule.toolId === undefined && appliesTo(rule))) return undefined;
    const view = new BubbleView(maxChars);
    return { stageId, view, text: new TextStagePreview(view), tools: undefined };
  };
  if (mode === 'text') return textStage();
  // The first rule applying to this stage for each tool (one pass over the rules, not one per tool).
  const firstRules = new Map<string, ReplyPreviewRule>();
  for (const rule of rules) {
    if (rule.toolId !== undefined && appliesTo(rule) && !firstRules.has(rule.toolId)) firstRules.set(rule.toolId, rule);
  }
  const rulesByTool = new Map<string, ReplyPreviewRule>();
  for (const toolId of toolIds) {
    const rule = firstRules.get(toolId);
    if (rule !== undefined) rulesByTool.set(toolId, rule);
  }
  // No tool of this stage is previewed: a text rule applying to it previews the stage's text (a
  // tool stage whose model answers in words, as an agent turn's last step does).
  if (rulesByTool.size === 0) return textStage();
  const view = new BubbleView(maxChars);
  return { stageId, view, text: undefined, tools: new ToolStagePreview(rulesByTool, view) };
}
