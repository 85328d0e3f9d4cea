import { AgentCoreError } from '@jangts/agent-types';

/** The `AgentCoreError` `promise` rejects with; throws, failing the test, when it fulfils or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<AgentCoreError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!AgentCoreError.isInstance(error)) throw new Error(`expected an AgentCoreError, got ${String(error)}`);
  return error;
}

/** The `AgentCoreError` `action` throws or rejects with; rethrows any other error, and throws when `action` succeeds. */
export async function rejected(action: () => Promise<unknown>): Promise<AgentCoreError> {
  try {
    await action();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an AgentCoreError');
}
