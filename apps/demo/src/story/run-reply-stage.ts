import { ModelRunner } from '@jangts/agent-core';
import { createReplyPreview } from '@jangts/agent-core/support';
import type { AssembledInput, ModelProvider, ModelRunResult, OperationContext } from '@jangts/agent-core/types';
import { createLiveLines } from '../terminal/live-lines.js';
import type { TerminalOutput } from '../terminal/terminal-output.js';
import { REPLY_PREVIEW_RULE } from './reply-preview-rule.js';
import { REPLY_TOOL } from './reply-tool.js';
import { RUNNER_LIMITS } from './runner-limits.js';

/** What {@link runReplyStage} needs. */
export interface ReplyStageOptions<TApp> {
  readonly output: TerminalOutput;
  readonly provider: ModelProvider;
  readonly input: AssembledInput;
  /** The App's context: its logger gets the runner's `model.start` / `model.end` records. */
  readonly context: OperationContext<TApp>;
}

/**
 * Step 2: one tool-calling model call. While the model streams the `reply` arguments, the reply
 * preview reads them incrementally and the terminal shows the bubbles as they grow. Resolves
 * with the result, whose `proposals` are validated: what the model *proposes*, nothing done yet.
 */
export async function runReplyStage<TApp>({ output, provider, input, context }: ReplyStageOptions<TApp>): Promise<ModelRunResult> {
  const live = createLiveLines(output, '   │ ');
  // The preview is an output sink of the runner: it sees the stream in order, and calls its own
  // sink with the complete list of bubbles each time the list changes.
  const preview = createReplyPreview({ rules: [REPLY_PREVIEW_RULE], sink: (bubbles) => { live.update(bubbles); }, maxChars: 4000 });
  const runner = new ModelRunner({ provider, sink: { output: preview }, ...RUNNER_LIMITS });
  let emptyNote = '(nothing previewed: no reply of kind "reply" was proposed)';
  try {
    return await runner.invoke({ input, stageId: 'reply', tools: [REPLY_TOOL], context });
  } catch (error) {
    // A failed stage withdraws its preview (the sink gets []): streamed output is not accepted output.
    emptyNote = '(preview withdrawn: the stage failed, so nothing it streamed counts)';
    throw error;
  } finally {
    live.end(emptyNote);
  }
}
