export { validateContextFragment } from './validate-context-fragment.js';
export { assembleFragments } from './assemble-fragments.js';
export { assembleContextPlan } from './assemble-context-plan.js';
export type {
  AssembledContextPlan,
  AssembledInput,
  AssembledMessage,
  ContextFragment,
  ContextLifetime,
  ContextPlanAudit,
  ContextPlanRequest,
  ContextRole,
  ContextTrust,
  FragmentUsage,
} from '@jangts/agent-types';
