import type { OperationContext } from '@jangts/agent-types';
import type { ReflectionReport } from './reflection-report.js';

/** A configured reflection: review the source's evidence to answer a question, within budgets. */
export interface Reflection<App> {
  /**
   * Authorizes the question, lets the model query the source (each query authorized by the
   * source first) and resolves to the report. Never throws synchronously; rejects only with
   * `AgentCoreError`: `INPUT_INVALID`, `UNAUTHORIZED`, `PAGE_INVALID`, `SOURCE_FAILED`,
   * `ABORTED`, or an error of the model call (`PROVIDER_FAILED`, `TIMEOUT`, `OUTPUT_LIMIT`, …).
   */
  readonly run: (question: string, context: OperationContext<App>) => Promise<ReflectionReport>;
}
