import type { OperationContext } from '@jangts/agent-types';
import type { Reflection } from './reflection.js';
import { parseReflectionOptions, type ReflectionOptions } from './reflection-options.js';
import type { ReflectionReport } from './reflection-report.js';
import { runReflection } from './run-reflection.js';

/**
 * Defines a reflection: the model reviews the source's evidence through two tools on the
 * `ModelRunner` (stage `reflection`): `query_evidence` `{ run?, types?, cursor?, limit }` and
 * `submit_report` `{ summary, findings: [{ claim, evidenceIds }] }`, and the run resolves to a
 * report whose every finding cites evidence the model actually read.
 *
 * Options are read once, here (`CONFIG_INVALID` naming the field; `1 <= reserveCalls < maxCalls`,
 * positive integer budgets). `run(question, context)` reads its arguments once too
 * (`INPUT_INVALID` naming the field), then:
 * 1. `authorize(question, context)` first — a rejection or throw is `UNAUTHORIZED`, no source touched;
 * 2. at most `maxCalls` model calls, each counted; in the last `reserveCalls` only
 *    `submit_report` is offered;
 * 3. before each query `source.authorize(query, context)` (rejection: `UNAUTHORIZED`, fail
 *    closed, the source is not queried), then `source.query`; `limit` is clamped to
 *    `1 … events left`; pages, events and evidence characters never pass their budgets (texts
 *    are cut, the cut recorded as a gap); a query past a budget is refused to the model;
 * 4. evidence reaches the model only as `tool`-trust content in `tool` messages;
 * 5. resolves to `{ question, summary, findings, evidence, coverage, stoppedBy }`.
 *
 * The context's signal is honoured between and during every step (`ABORTED`).
 *
 * @example
 * const reflection = defineReflection({ model, source, authorize: async () => {},
 *   maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 64, maxEvidenceChars: 12000 });
 * const report = await reflection.run('Why did the last reply fail?', { app, signal });
 */
export function defineReflection<App>(options: ReflectionOptions<App>): Reflection<App> {
  const resolved = parseReflectionOptions(options);
  return Object.freeze({
    run: (question: string, context: OperationContext<App>): Promise<ReflectionReport> => runReflection(resolved, question, context),
  });
}
