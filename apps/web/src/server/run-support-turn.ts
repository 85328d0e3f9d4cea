import { createReplyPreview } from '@jangts/agent-preview';
import { defineReflection, defineReflectionLogSource, logEvidenceId } from '@jangts/agent-reflection';
import { AgentCoreError, ModelRunner } from '@jangts/agent-runner';
import type { ModelProvider, SubFlowLog, ToolProposal } from '@jangts/agent-types';
import type { WebRunEvent } from '../shared/web-run-event.js';
import { createMemoryTrace } from './create-memory-trace.js';
import { REPLY_PREVIEW_RULE } from './reply-preview-rule.js';
import { REPLY_TOOL, type ReplyArguments } from './reply-tool.js';
import { MAX_INPUT_CHARS, supportInput } from './support-input.js';
import { SUPPORT_TICKET } from './support-ticket.js';

/** Limits of every runner of the page: without them a call to a real model is unbounded. */
const RUNNER_LIMITS = { timeoutMs: 120_000, maxOutputChars: 20_000 } as const;

/** Hard limits of the review: model calls (the last kept for the report), pages, events, evidence text. */
export const REFLECTION_BUDGETS = { maxCalls: 6, reserveCalls: 1, maxPages: 4, maxEvents: 60, maxEvidenceChars: 8000 } as const;

/** What the reviewer asks about the trace. */
export const REVIEW_QUESTION = `Review ticket ${SUPPORT_TICKET.id}: was the customer answered from the facts, and what did the App send?`;

/** The App value of the reflection's context: who asks. */
interface Reviewer {
  readonly name: string;
  readonly role: 'support-lead' | 'support-agent';
}

const TEAM_LEAD: Reviewer = { name: 'Lena Park', role: 'support-lead' };

/** What {@link runSupportTurn} needs. */
export interface SupportTurnOptions {
  /** The model of both the reply stage and the reflection. */
  readonly provider: ModelProvider;
  /** Shown on the page. */
  readonly providerLabel: string;
  readonly traceId: string;
  /** Whether the provider was set up to fail mid-stream (reported to the page). */
  readonly injectFailure: boolean;
  /** Receives the run's events, in order. */
  readonly emit: (event: WebRunEvent) => void;
  /** Aborts the run (the page went away). */
  readonly signal: AbortSignal;
}

/**
 * One support turn, told to the page as events: the reply stage streams through the reply
 * preview (each change of the bubbles is one `bubbles` event; a failed stage withdraws them with
 * `[]`), the App decides, everything is recorded in an in-memory trace, and a reflection reviews
 * that trace and sends its sourced report. Resolves once `end` is sent; rejects only with
 * `ABORTED` (or a bug), after sending `failure`.
 */
export async function runSupportTurn({ provider, providerLabel, traceId, injectFailure, emit, signal }: SupportTurnOptions): Promise<void> {
  emit({ type: 'run', traceId, provider: providerLabel, injectFailure });
  try {
    const trace = createMemoryTrace(traceId);
    const turn = trace.open('support-turn');
    turn.record('ticket.opened', { ticketId: SUPPORT_TICKET.id, plan: SUPPORT_TICKET.customer.plan });
    const input = supportInput();
    turn.record('context.assembled', { inputChars: input.inputChars, maxInputChars: MAX_INPUT_CHARS, fragmentIds: input.fragmentUsage.map((usage) => usage.id) });

    // The preview is the runner's output sink; its own sink gets the complete list of bubbles on
    // every change, and only that list crosses the wire (never the raw arguments).
    const preview = createReplyPreview({ rules: [REPLY_PREVIEW_RULE], sink: (bubbles) => { emit({ type: 'bubbles', bubbles: [...bubbles] }); }, maxChars: 4000 });
    const runner = new ModelRunner({ provider, sink: { output: preview }, ...RUNNER_LIMITS });
    const context = { app: { ticketId: SUPPORT_TICKET.id }, logger: turn.child('reply-stage'), signal };
    try {
      const result = await runner.invoke({ input, stageId: 'reply', tools: [REPLY_TOOL], context });
      emit({ type: 'stage', ok: true, proposals: result.proposals.length });
      emit(decide(turn, result.proposals));
    } catch (error) {
      if (!AgentCoreError.isInstance(error) || error.code === 'ABORTED') throw error;
      emit({ type: 'stage', ok: false, code: error.code, message: error.message });
      turn.record('reply.failed', { ticketId: SUPPORT_TICKET.id, code: error.code });
      emit({ type: 'decision', outcome: 'handoff', text: `The stage failed (${error.code}), so nothing it streamed counts: the ticket goes to a person.` });
    }

    emit({ type: 'trace', records: trace.records().map((record) => ({ evidenceId: logEvidenceId(traceId, record.seq), record })) });
    const reflection = defineReflection<Reviewer>({
      model: new ModelRunner({ provider, ...RUNNER_LIMITS }),
      source: defineReflectionLogSource<Reviewer>({
        reader: trace.reader,
        traceId,
        id: 'support-trace',
        description: `The log of support ticket ${SUPPORT_TICKET.id} (trace ${traceId}), oldest record first.`,
        authorize: (readContext) => {
          if (readContext.app.role !== 'support-lead') throw new Error(`${readContext.app.name} may not read support traces`);
        },
      }),
      authorize: (_question, askContext) => {
        if (askContext.app.role !== 'support-lead') throw new Error('only a support lead may review tickets');
      },
      ...REFLECTION_BUDGETS,
    });
    emit({ type: 'report', report: await reflection.run(REVIEW_QUESTION, { app: TEAM_LEAD, signal }) });
  } catch (error) {
    emit({ type: 'failure', code: AgentCoreError.isInstance(error) ? error.code : 'INTERNAL', message: error instanceof Error ? error.message : String(error) });
    if (signal.aborted || !AgentCoreError.isInstance(error)) throw error;
  }
  emit({ type: 'end' });
}

/** The App decides what a proposal becomes, and records it: a `reply` of kind "reply" is sent; anything else goes to a person. */
function decide(log: SubFlowLog, proposals: readonly ToolProposal[]): WebRunEvent {
  const proposal = proposals.find((candidate) => candidate.toolId === REPLY_TOOL.id);
  // The runner validated the arguments against the tool's schema, so this cast is checked.
  const args = proposal?.args as ReplyArguments | undefined;
  if (proposal === undefined || args?.kind !== 'reply') {
    log.record('ticket.handoff', { ticketId: SUPPORT_TICKET.id, reason: proposal === undefined ? 'no-proposal' : 'model-handoff' });
    return { type: 'decision', outcome: 'handoff', text: 'No reply of kind "reply" was proposed: the ticket goes to a person.' };
  }
  log.record('reply.sent', { ticketId: SUPPORT_TICKET.id, callId: proposal.callId, bubbles: args.bubbles.length });
  return { type: 'decision', outcome: 'sent', text: `The App sent the answer and ${args.bubbles.length} bubble(s); the internal note stays with the team.` };
}
