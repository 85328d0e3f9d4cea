import { createFileLogStore } from '@jangts/agent-core/trace/file';
import type { ModelProvider } from '@jangts/agent-core/types';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';
import { assembleSupportContext } from './assemble-support-context.js';
import { newTraceId } from './new-trace-id.js';
import { printReflectionReport } from './print-reflection-report.js';
import { printTrace } from './print-trace.js';
import { TEAM_LEAD } from './reviewer.js';
import { runSupportTurn, type RefundDecision } from './run-support-turn.js';
import { REVIEW_QUESTION, runTraceReflection } from './run-trace-reflection.js';
import { SUPPORT_TICKET } from './support-ticket.js';

/** What {@link runSupportStory} needs. */
export interface SupportStoryOptions {
  readonly output: TerminalOutput;
  /** The model of both the turn and the reflection. */
  readonly provider: ModelProvider;
  /** The file log store's directory (App-owned). */
  readonly logDirectory: string;
  /** What the App decides on the refund awaiting approval. */
  readonly decision: RefundDecision;
  readonly signal: AbortSignal;
}

/** What the story leaves behind: the trace id, and its file in the log directory. */
export interface SupportStoryResult {
  readonly traceId: string;
}

/**
 * The whole story of one support ticket: assemble the context (1), run the agent turn until the
 * refund waits for the App (2), decide and resume while the reply streams into the preview (3),
 * read the trace back (4), and audit the turn from its trace with a sourced, budgeted
 * reflection (5).
 */
export async function runSupportStory({ output, provider, logDirectory, decision, signal }: SupportStoryOptions): Promise<SupportStoryResult> {
  const store = createFileLogStore({ directory: logDirectory });
  const traceId = newTraceId();
  try {
    // The App's own records go to the root flow of the trace; record() is synchronous and cheap.
    const log = store.open(traceId, 'support-ticket');
    log.record('ticket.opened', { ticketId: SUPPORT_TICKET.id, channel: SUPPORT_TICKET.channel, orderId: SUPPORT_TICKET.order.orderId });

    heading(output, 1, 'Context: fragments with declared source, trust and budget, assembled as one conversation');
    const fragments = assembleSupportContext(output, log);

    await runSupportTurn({ output, provider, fragments, log, decision, signal });

    heading(output, 4, 'Trace: recorded to the file log store (one append-only JSONL file per trace)');
    await store.flush();
    writeLine(output, `   trace ${traceId} in ${store.directory}`);
    await printTrace(output, store.reader, traceId, signal);

    heading(output, 5, 'Reflection: a model audits the whole turn from its trace, within budgets, citing the records');
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
