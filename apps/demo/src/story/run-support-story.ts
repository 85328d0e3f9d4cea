import { createFileLogStore } from '@jangts/agent-core/trace/file';
import type { ModelProvider } from '@jangts/agent-core/types';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';
import { assembleSupportInput } from './assemble-support-input.js';
import { decideOnReply } from './decide-on-reply.js';
import { newTraceId } from './new-trace-id.js';
import { printProposals } from './print-proposals.js';
import { printReflectionReport } from './print-reflection-report.js';
import { printTrace } from './print-trace.js';
import { TEAM_LEAD } from './reviewer.js';
import { REVIEW_QUESTION, runTraceReflection } from './run-trace-reflection.js';
import { runReplyStage } from './run-reply-stage.js';
import { SUPPORT_TICKET } from './support-ticket.js';

/** What {@link runSupportStory} needs. */
export interface SupportStoryOptions {
  readonly output: TerminalOutput;
  /** The model of both the reply stage and the reflection. */
  readonly provider: ModelProvider;
  /** The file log store's directory (App-owned). */
  readonly logDirectory: string;
  readonly signal: AbortSignal;
}

/** What the story leaves behind: the trace id, and its file in the log directory. */
export interface SupportStoryResult {
  readonly traceId: string;
}

/**
 * The whole story of one support ticket: assemble the input (1), let the model propose a reply
 * while the preview streams (2), record everything in the trace (3), and review the trace with
 * a sourced, budgeted reflection (4).
 */
export async function runSupportStory({ output, provider, logDirectory, signal }: SupportStoryOptions): Promise<SupportStoryResult> {
  const store = createFileLogStore({ directory: logDirectory });
  const traceId = newTraceId();
  try {
    // The App's own records go to the root flow of the trace; record() is synchronous and cheap.
    const turn = store.open(traceId, 'support-turn');
    turn.record('ticket.opened', { ticketId: SUPPORT_TICKET.id, channel: SUPPORT_TICKET.channel, plan: SUPPORT_TICKET.customer.plan });

    heading(output, 1, 'Context: the model input, assembled from fragments with declared source, trust and budget');
    const input = assembleSupportInput(output, turn);

    heading(output, 2, 'Reply stage: the model proposes a `reply` call; its JSON arguments stream into the live preview');
    writeLine(output, '   preview: answer and bubbles.* of `reply`, shown once kind is "reply"');
    // A child flow for the model call: the runner writes its model.start / model.end there.
    const context = { app: { ticketId: SUPPORT_TICKET.id }, logger: turn.child('reply-stage'), signal };
    const result = await runReplyStage({ output, provider, input, context });
    printProposals(output, result);
    decideOnReply(output, turn, result.proposals);

    heading(output, 3, 'Trace: recorded to the file log store (one append-only JSONL file per trace)');
    await store.flush();
    writeLine(output, `   trace ${traceId} in ${store.directory}`);
    await printTrace(output, store.reader, traceId, signal);

    heading(output, 4, 'Reflection: a model reviews the trace within budgets and cites its evidence');
    writeLine(output, `   question   ${REVIEW_QUESTION}`);
    const report = await runTraceReflection({ output, provider, reader: store.reader, traceId, reviewer: TEAM_LEAD, signal });
    printReflectionReport(output, report);
    return { traceId };
  } finally {
    // Shutdown is the App's explicit call: flush what is queued and release the directory.
    await store.close();
  }
}

function heading(output: TerminalOutput, step: number, title: string): void {
  writeLine(output);
  writeLine(output, `${step}. ${title}`);
}
