import { describe, expectTypeOf, it } from 'vitest';
import {
  assembleContextPlan,
  assembleFragments,
  validateContextFragment,
  type AgentCoreError,
  type AgentCoreErrorCode,
  type AssembledContextPlan,
  type AssembledInput,
  type ContextFragment,
  type ContextPlanRequest,
} from '@jangts/agent-context';

describe('@jangts/agent-context', () => {
  it('types validateContextFragment as on the seed page', () => {
    expectTypeOf(validateContextFragment).parameters.toEqualTypeOf<[fragment: ContextFragment, ids?: Set<string>, checkBudget?: boolean]>();
    expectTypeOf(validateContextFragment).returns.toEqualTypeOf<string>();
  });

  it('types the assembly functions', () => {
    expectTypeOf(assembleFragments).parameters.toEqualTypeOf<[fragments: readonly ContextFragment[], maxInputChars: number]>();
    expectTypeOf(assembleFragments).returns.toEqualTypeOf<AssembledInput>();
    expectTypeOf(assembleContextPlan).parameters.toEqualTypeOf<[request: ContextPlanRequest]>();
    expectTypeOf(assembleContextPlan).returns.toEqualTypeOf<AssembledContextPlan>();
  });

  it('types a fragment value as a string or a record, and the error code as the closed union', () => {
    expectTypeOf<ContextFragment['value']>().toEqualTypeOf<string | Record<string, unknown>>();
    expectTypeOf<AgentCoreError['code']>().toEqualTypeOf<AgentCoreErrorCode>();
  });
});
