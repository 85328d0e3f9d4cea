import { ModelRunner } from '@jangts/agent-core';
import { defineReflection, defineReflectionLogSource, type ReflectionReport } from '@jangts/agent-core/kits/reflection';
import type { ModelProvider, ReflectionLogReader } from '@jangts/agent-core/types';
import { writeLine, type TerminalOutput } from '../terminal/terminal-output.js';
import type { Reviewer } from './reviewer.js';
import { RUNNER_LIMITS } from './runner-limits.js';

/** Hard limits of the review: model calls (the last one kept for the report), pages, events, evidence text. */
export const REFLECTION_BUDGETS = { maxCalls: 6, reserveCalls: 1, maxPages: 4, maxEvents: 100, maxEvidenceChars: 16_000 } as const;

/** What the reviewer asks about the trace. */
export const REVIEW_QUESTION = 'Review ticket 4711: did every tool call have the decision it needed before it ran, did anything cross the trust boundary, and how did the turn end?';

/** What {@link runTraceReflection} needs. */
export interface TraceReflectionOptions {
  readonly output: TerminalOutput;
  readonly provider: ModelProvider;
  readonly reader: ReflectionLogReader;
  readonly traceId: string;
  readonly reviewer: Reviewer;
  readonly signal: AbortSignal;
}

/**
 * Step 5: a model reviews the whole turn from its trace through the reflection kit. The App authorizes twice: the
 * question (before anything runs) and every read of the trace (before any evidence is read);
 * a refusal of either ends the run with `UNAUTHORIZED`. The model can only read through the
 * `query_evidence` tool, within the budgets, and must cite what it read.
 */
export async function runTraceReflection({ output, provider, reader, traceId, reviewer, signal }: TraceReflectionOptions): Promise<ReflectionReport> {
  const source = defineReflectionLogSource<Reviewer>({
    reader,
    traceId,
    id: 'support-trace',
    description: `The log of support ticket 4711 (trace ${traceId}), oldest record first: the App's records, the turn's turn.* and tool.* records and the runner's model.* records.`,
    authorize: (context) => {
      if (!context.app.canReadTraces) throw new Error(`${context.app.name} may not read support traces`);
      writeLine(output, `   ✓ read authorized: ${context.app.name} may read support traces`);
    },
  });
  const reflection = defineReflection<Reviewer>({
    model: new ModelRunner({ provider, ...RUNNER_LIMITS }),
    source,
    authorize: (question, context) => {
      if (context.app.role !== 'support-lead') throw new Error('only a support lead may review tickets');
      writeLine(output, `   ✓ question authorized: ${context.app.name} is a ${context.app.role} (${question.length} chars)`);
    },
    ...REFLECTION_BUDGETS,
  });
  return reflection.run(REVIEW_QUESTION, { app: reviewer, signal });
}
