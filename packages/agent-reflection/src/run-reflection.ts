import { recordBestEffort, refusedOutputNotice } from '@jangts/agent-types/internal';
import { AgentCoreError, type JsonObject, type OperationContext, type ToolSpec } from '@jangts/agent-types';
import { abortable, throwIfAborted } from './abortable.js';
import { authorizeHook } from './authorize-hook.js';
import { checkReport } from './check-report.js';
import { CoverageLedger } from './coverage-ledger.js';
import { EvidenceLedger } from './evidence-ledger.js';
import { parseModelReply, type ModelReply } from './model-reply.js';
import { parseRunArguments } from './parse-run-arguments.js';
import { ReflectionBudget } from './reflection-budget.js';
import { ReflectionConversation } from './reflection-conversation.js';
import type { ParsedReflectionOptions } from './reflection-options.js';
import type { ReflectionFinding, ReflectionReport } from './reflection-report.js';
import type { ReflectionRunState } from './reflection-run-state.js';
import { QUERY_EVIDENCE_TOOL, REFLECTION_STAGE_ID, SUBMIT_REPORT_TOOL } from './reflection-tools.js';
import { runQueryEvidence } from './run-query-evidence.js';
import type { QueryEvidenceArguments, SubmitReportArguments } from './tool-arguments.js';

const ALL_TOOLS: readonly ToolSpec[] = [QUERY_EVIDENCE_TOOL, SUBMIT_REPORT_TOOL];
const REPORT_ONLY: readonly ToolSpec[] = [SUBMIT_REPORT_TOOL];
const NO_TOOL_CALL_NOTICE = 'Your previous reply called no tool; text replies are not read. Call query_evidence to read evidence or submit_report to finish.';

/** An accepted report. */
interface AcceptedReport {
  readonly summary: string;
  readonly findings: readonly ReflectionFinding[];
}

/**
 * One `Reflection.run`: reads its arguments once, authorizes the question, then drives the model
 * call by call until it submits an acceptable report or the calls run out. See `defineReflection`.
 * The kit and the model use the context as read; the App's own hooks and source receive the
 * App's `context` object itself.
 */
export async function runReflection<App>(options: ParsedReflectionOptions<App>, question: string, context: OperationContext<App>): Promise<ReflectionReport> {
  const read = parseRunArguments(question, context).context;
  const { signal, logger } = read;
  throwIfAborted(signal, 'before it started');
  recordBestEffort(logger, 'reflection.start', {
    sourceId: options.source.id,
    questionChars: question.length,
    maxCalls: options.maxCalls,
    reserveCalls: options.reserveCalls,
    maxPages: options.maxPages,
    maxEvents: options.maxEvents,
    maxEvidenceChars: options.maxEvidenceChars,
  });
  try {
    await authorizeHook('authorize', () => options.authorize(question, context), signal, 'while authorizing the question');
    const state: ReflectionRunState<App> = {
      options,
      context,
      read,
      signal,
      logger,
      budget: new ReflectionBudget(options),
      coverage: new CoverageLedger(),
      evidence: new EvidenceLedger(options.source.id),
      conversation: new ReflectionConversation(options, options.source, question),
    };
    const accepted = await converse(state);
    const report: ReflectionReport = {
      question,
      summary: accepted?.summary ?? '',
      findings: accepted?.findings ?? [],
      evidence: accepted === undefined ? [] : state.evidence.cited(accepted.findings.flatMap((finding) => finding.evidenceIds)),
      coverage: state.coverage.coverage(state.budget),
      stoppedBy: accepted === undefined ? 'no-report' : 'report',
    };
    const { calls, pages, events, evidenceChars } = report.coverage;
    recordBestEffort(logger, 'reflection.end', { ok: true, stoppedBy: report.stoppedBy, calls, pages, events, evidenceChars, findings: report.findings.length });
    return report;
  } catch (error) {
    // Every failure raised above is already an AgentCoreError; the fallback code only guards the contract.
    const failure = AgentCoreError.from(error, 'SOURCE_FAILED');
    recordBestEffort(logger, 'reflection.end', { ok: false, code: failure.code });
    throw failure;
  }
}

async function converse<App>(state: ReflectionRunState<App>): Promise<AcceptedReport | undefined> {
  const { budget, conversation, signal, logger } = state;
  for (let call = 1; call <= budget.limits.maxCalls; call += 1) {
    throwIfAborted(signal, 'between model calls');
    const reserved = budget.isReserved(call);
    budget.calls = call;
    const reply = await callModel(state, reserved);
    if (reply === undefined) continue;
    conversation.addAssistant(reply.text, reply.proposals);
    if (reply.proposals.length === 0) {
      recordBestEffort(logger, 'reflection.refused', { call, reason: 'no-tool-call' });
      conversation.addNotice(NO_TOOL_CALL_NOTICE);
      continue;
    }
    for (const proposal of reply.proposals) {
      throwIfAborted(signal, 'between tool calls');
      const outcome = await handleProposal(state, proposal.toolId, proposal.args, call, reserved);
      if ('accepted' in outcome) return outcome.accepted;
      conversation.addToolResult(proposal.callId, outcome.result);
    }
  }
  return undefined;
}

/** One model call; `undefined` when the runner refused the reply for a reason the model can fix (a notice is added). */
async function callModel<App>({ options, read, signal, logger, conversation, budget }: ReflectionRunState<App>, reserved: boolean): Promise<ModelReply | undefined> {
  let result: unknown;
  try {
    result = await abortable(
      () => options.model.invoke({ input: conversation.input, stageId: REFLECTION_STAGE_ID, tools: reserved ? REPORT_ONLY : ALL_TOOLS, signal, context: read }),
      signal,
      'during a model call',
    );
  } catch (error) {
    const notice = signal.aborted ? undefined : refusedOutputNotice(error, reserved ? 'Only submit_report is offered now.' : 'Call query_evidence or submit_report.');
    if (notice === undefined) throw AgentCoreError.from(error, 'PROVIDER_FAILED');
    recordBestEffort(logger, 'reflection.refused', { call: budget.calls, reason: 'output-invalid', code: 'OUTPUT_INVALID' });
    conversation.addNotice(notice);
    return undefined;
  }
  return parseModelReply(result);
}

async function handleProposal<App>(
  state: ReflectionRunState<App>,
  toolId: string,
  args: unknown,
  call: number,
  reserved: boolean,
): Promise<{ accepted: AcceptedReport } | { result: JsonObject }> {
  const { budget, logger, evidence } = state;
  // The runner validated `args` against the schema of the tool `toolId` names: trusted as typed.
  if (toolId === SUBMIT_REPORT_TOOL.id) {
    const check = checkReport(args as SubmitReportArguments, evidence, call);
    if (check.ok) return { accepted: { summary: check.summary, findings: check.findings } };
    recordBestEffort(logger, 'reflection.refused', { call, tool: toolId, reason: 'report', code: 'INPUT_INVALID' });
    return { result: { ok: false, code: 'INPUT_INVALID', error: `report refused: ${check.problem}`, budget: budget.remaining() } };
  }
  if (toolId === QUERY_EVIDENCE_TOOL.id && !reserved) return { result: await runQueryEvidence(args as QueryEvidenceArguments, call, state) };
  recordBestEffort(logger, 'reflection.refused', { call, reason: 'tool-not-offered', code: 'INPUT_INVALID' });
  const offered = reserved ? 'call submit_report' : 'call query_evidence or submit_report';
  return { result: { ok: false, code: 'INPUT_INVALID', error: `tool ${JSON.stringify(toolId.slice(0, 64))} is not offered in this call; ${offered}`, budget: budget.remaining() } };
}
