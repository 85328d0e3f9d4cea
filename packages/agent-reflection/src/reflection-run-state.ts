import type { OperationContext } from '@jangts/agent-types';
import type { CoverageLedger } from './coverage-ledger.js';
import type { EvidenceLedger } from './evidence-ledger.js';
import type { ReadReflectionOptionsResult } from './read-reflection-options.js';
import type { ReflectionBudget } from './reflection-budget.js';
import type { ReflectionConversation } from './reflection-conversation.js';

/** Everything one `run` works with: its options, the App's context, and what it has used and seen. */
export interface ReflectionRunState<App> {
  readonly options: ReadReflectionOptionsResult<App>;
  readonly context: OperationContext<App>;
  readonly budget: ReflectionBudget;
  readonly coverage: CoverageLedger;
  readonly evidence: EvidenceLedger;
  readonly conversation: ReflectionConversation;
}
