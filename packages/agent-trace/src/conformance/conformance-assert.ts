import { AgentCoreError, type AgentCoreErrorCode } from '@jangts/agent-types';

/** A failed expectation of the conformance kit: what was expected, and what the store did. */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) => (item instanceof Error ? `${item.name}: ${item.message}` : item)) ?? String(value);
  } catch {
    return String(value);
  }
}

/** True when `actual` and `expected` are the same JSON-like value (plain objects and lists compared by content). */
function same(actual: unknown, expected: unknown): boolean {
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) return false;
  if (Array.isArray(actual) !== Array.isArray(expected)) return false;
  const actualKeys = Object.keys(actual).filter((key) => (actual as Record<string, unknown>)[key] !== undefined);
  const expectedKeys = Object.keys(expected).filter((key) => (expected as Record<string, unknown>)[key] !== undefined);
  if (actualKeys.length !== expectedKeys.length) return false;
  return expectedKeys.every((key) => same((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]));
}

/** Fails unless `condition` holds. */
export function check(condition: boolean, what: string, actual?: unknown): asserts condition {
  if (!condition) throw new ConformanceFailure(arguments.length > 2 ? `${what} (got ${show(actual)})` : what);
}

/** Fails unless `actual` is `expected` by content (an `undefined` property counts as absent). */
export function checkEqual(actual: unknown, expected: unknown, what: string): void {
  if (!same(actual, expected)) throw new ConformanceFailure(`${what}:\n  expected ${show(expected)}\n  got      ${show(actual)}`);
}

/** What a refusal must be: its code, and the field it names when given. */
export interface ExpectedRefusal {
  readonly code: AgentCoreErrorCode;
  readonly field?: string;
}

/** Fails unless `error` is an `AgentCoreError` refusal as `expected`; returns it. */
export function checkRefusal(error: unknown, expected: ExpectedRefusal, what: string): AgentCoreError {
  if (!AgentCoreError.isInstance(error)) throw new ConformanceFailure(`${what}: expected AgentCoreError ${expected.code}, got ${show(error)}`);
  if (error.code !== expected.code || (expected.field !== undefined && error.details.field !== expected.field)) {
    const naming = expected.field === undefined ? '' : ` naming ${expected.field}`;
    throw new ConformanceFailure(`${what}: expected ${expected.code}${naming}, got ${error.code} ${show(error.details)}: ${error.message}`);
  }
  return error;
}

/** Runs `action` (it may throw or reject) and fails unless it is refused as `expected`; returns the error. */
export async function checkRefused(action: () => unknown, expected: ExpectedRefusal, what: string): Promise<AgentCoreError> {
  let outcome: unknown;
  try {
    outcome = await action();
  } catch (error) {
    return checkRefusal(error, expected, what);
  }
  throw new ConformanceFailure(`${what}: expected ${expected.code}, but it succeeded with ${show(outcome)}`);
}
