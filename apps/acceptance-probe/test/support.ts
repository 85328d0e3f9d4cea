import { AgentCoreError } from '@jangts/agent-core';
import type { ContextFragment } from '@jangts/agent-core/types';
import { expect } from 'vitest';

/** Runs `call` and returns the AgentCoreError it throws (synchronously or as a rejection); fails otherwise. */
export async function caught(call: () => unknown): Promise<AgentCoreError> {
  try {
    await call();
  } catch (error) {
    return agentCoreError(error);
  }
  return agentCoreError(undefined);
}

/** Synchronous variant of {@link caught}. */
export function caughtSync(call: () => unknown): AgentCoreError {
  try {
    call();
  } catch (error) {
    return agentCoreError(error);
  }
  return agentCoreError(undefined);
}

/** `thrown` as an AgentCoreError whose details are JSON (SPEC §2); fails for anything else, nothing included. */
function agentCoreError(thrown: unknown): AgentCoreError {
  expect(thrown, 'expected a failure').toBeDefined();
  if (!AgentCoreError.isInstance(thrown)) throw new Error(`not an AgentCoreError: ${String(thrown)}`, { cause: thrown });
  expect(JSON.parse(JSON.stringify(thrown.details))).toEqual(thrown.details);
  return thrown;
}

/** A valid user fragment, with overrides. */
export function userFragment(overrides: Partial<ContextFragment> = {}): ContextFragment {
  return { id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: 'hello', ...overrides };
}

/** A valid system fragment, with overrides. */
export function systemFragment(overrides: Partial<ContextFragment> = {}): ContextFragment {
  return { id: 'policy', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 1000, role: 'system', value: 'Be brief.', ...overrides };
}

/** A context with a fresh never-aborting signal. */
export function context<App>(app: App): { app: App; signal: AbortSignal } {
  return { app, signal: new AbortController().signal };
}

/** A string detail of an error (`''` when absent or not a string). */
export function detail(error: AgentCoreError, name: string): string {
  const value = error.details[name];
  return typeof value === 'string' ? value : '';
}
