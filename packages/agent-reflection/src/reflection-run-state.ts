import type { OperationContext, SubFlowLog } from '@jangts/agent-types';
import type { CoverageLedger } from './coverage-ledger.js';
import type { EvidenceLedger } from './evidence-ledger.js';
import type { ReflectionBudget } from './reflection-budget.js';
import type { ReflectionConversation } from './reflection-conversation.js';
import type { ParsedReflectionOptions } from './reflection-options.js';

/** Everything one `run` works with: its options, the App's context, and what it has used and seen. */
export interface ReflectionRunState<App> {
  readonly options: ParsedReflectionOptions<App>;
  /** The App's context, as passed to `run`: what its hooks and the source receive. */
  readonly context: OperationContext<App>;
  /** The context as `run` read it, once: what the kit and the model use. */
  readonly read: OperationContext<App>;
  /** `read.signal` and `read.logger`. */
  readonly signal: AbortSignal;
  readonly logger: SubFlowLog | undefined;
  readonly budget: ReflectionBudget;
  readonly coverage: CoverageLedger;
  readonly evidence: EvidenceLedger;
  readonly conversation: ReflectionConversation;
}
