import fc from 'fast-check';
import { AGENT_CORE_ERROR_CODES, AgentCoreError } from '../src/index.js';
import { hostileArguments, hostileCase, type HostileCase } from './hostile-values.js';

/*
 * One public entry point under hostile values, and what counts as an escape. Shared by the
 * hostile-value properties of every package and by the campaign script (`pnpm hostile`).
 */

/** A public entry point: valid argument lists, and how to call it (and its follow-up methods) with them. */
export interface HostileEntry {
  /** What is called, as the table of the campaign names it (`ModelRunner.invoke`). */
  readonly name: string;
  readonly valid: fc.Arbitrary<readonly unknown[]>;
  /** Calls the entry with `args` (hostile variants of a valid list); may return a promise. */
  readonly run: (args: unknown[]) => unknown;
  /**
   * Whether `error` is what an App callback of the arguments threw, which the entry documents
   * handing back as it is (the reply preview's sink): not an escape.
   */
  readonly handsBack?: (error: unknown) => boolean;
}

/** Codes raised for a value that was handed in: their details must name the field. */
const FIELD_CODES: ReadonlySet<string> = new Set([
  'FRAGMENT_INVALID',
  'FRAGMENT_DUPLICATE',
  'FRAGMENT_BUDGET',
  'TRUST_VIOLATION',
  'CONFIG_INVALID',
  'INPUT_INVALID',
  'OUTPUT_INVALID',
  'PAGE_INVALID',
  'APPROVAL_INVALID',
]);

const CODES: ReadonlySet<string> = new Set(AGENT_CORE_ERROR_CODES);

/**
 * Why `error` is an escape, or `undefined` when it is a proper refusal: an `AgentCoreError` with a
 * known code, a string message, JSON details, and (for the input codes) `details.field`.
 */
export function escapeOf(error: unknown): string | undefined {
  if (!AgentCoreError.isInstance(error)) return `not an AgentCoreError: ${describe(error)}`;
  const { code, message, details } = error;
  if (!CODES.has(code)) return `unknown code ${JSON.stringify(code)}`;
  if (typeof message !== 'string') return `${code} without a string message`;
  let json: string;
  try {
    json = JSON.stringify(details);
  } catch (cause) {
    return `${code} whose details are not JSON (${describe(cause)})`;
  }
  if (typeof json !== 'string' || typeof details !== 'object' || details === null) return `${code} without details`;
  if (FIELD_CODES.has(code) && (typeof details.field !== 'string' || details.field === '')) return `${code} without details.field: ${message}`;
  return undefined;
}

/** What running one case did: fulfilled, refused properly, handed an App callback's error back, or escaped (and why). */
export type HostileOutcome = { readonly kind: 'fulfilled' | 'refused' | 'handed-back'; readonly escape?: undefined } | { readonly kind: 'escape'; readonly escape: string };

/** Classifies what `entry` rejected or threw with. */
export function outcomeOf(entry: HostileEntry, error: unknown): HostileOutcome {
  if (entry.handsBack?.(error) === true) return { kind: 'handed-back' };
  const escape = escapeOf(error);
  return escape === undefined ? { kind: 'refused' } : { kind: 'escape', escape };
}

/** Runs `entry` on one case and classifies what it did; never throws. */
export async function runHostileCase(entry: HostileEntry, hostile: HostileCase<readonly unknown[]>): Promise<HostileOutcome> {
  try {
    await entry.run(hostileArguments(hostile));
    return { kind: 'fulfilled' };
  } catch (error) {
    return outcomeOf(entry, error);
  }
}

/** The property: every case of `entry` settles with a value or a proper `AgentCoreError`. */
export function hostileProperty(entry: HostileEntry): fc.IAsyncPropertyWithHooks<[HostileCase<readonly unknown[]>]> {
  return fc.asyncProperty(hostileCase(entry.valid), async (hostile) => {
    const { escape } = await runHostileCase(entry, hostile);
    if (escape !== undefined) throw new Error(`${entry.name}: ${escape}`);
  });
}

/**
 * The App's signal in the valid contexts: it aborts after `HOSTILE_SIGNAL_MS` (60 s by default; the
 * campaign sets 2 s), the deadline an App gives, so that an App callback that never settles (a
 * source whose page is a thenable that never calls back) ends the call as ABORTED. A valid call
 * settles long before it; only such a callback waits for it.
 */
export function appSignal(): AbortSignal {
  return AbortSignal.timeout(Number(globalThis.process?.env.HOSTILE_SIGNAL_MS ?? 60_000));
}

/** Runs per entry in the unit suites: `HOSTILE_RUNS` from the environment, 300 by default. */
export const HOSTILE_UNIT_RUNS = Number(globalThis.process?.env.HOSTILE_RUNS ?? 300);

function describe(value: unknown): string {
  try {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    return typeof value === 'object' || typeof value === 'function' ? Object.prototype.toString.call(value) : `${typeof value} ${typeof value === 'bigint' || typeof value === 'symbol' ? value.toString() : JSON.stringify(value) ?? ''}`;
  } catch {
    return 'an unprintable value';
  }
}
