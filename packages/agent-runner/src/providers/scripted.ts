/**
 * `@jangts/agent-runner/providers/scripted`: a provider that replays scripted steps, deterministic
 * and offline (for tests and demos).
 *
 * @packageDocumentation
 */
import { AgentCoreError, type ModelProvider, type ProviderRequest, type ProviderStreamOptions } from '@jangts/agent-types';
import { detailValue, truncateText } from '@jangts/agent-types/internal';
import { isPlainObject } from '../is-plain-object.js';
import { readingGuarded } from '../reading-guarded.js';
import { assertScriptedStep, planScriptedStep, scriptedConfigInvalid, type ScriptedChunk, type ScriptedPlan, type ScriptedReplay, type ScriptedStep } from './scripted-step.js';
import { callerSignal } from './shared/closable-stream.js';

export type { ScriptedChunk, ScriptedFailure, ScriptedReplay, ScriptedReply, ScriptedStep, ScriptedToolCall } from './scripted-step.js';

/** Options of {@link createScriptedProvider}. */
export interface ScriptedProviderOptions {
  /** Provider id; default `scripted`. */
  readonly id?: string | undefined;
  /** Wait this many ms before each chunk (abortable), e.g. to make a demo visibly stream; default 0 (no wait). */
  readonly chunkDelayMs?: number | undefined;
}

/** A deterministic provider that replays one scripted step per model call. */
export interface ScriptedProvider extends ModelProvider {
  readonly id: string;
  /**
   * Every request received, in order, one per call (calls that failed or found no step included):
   * a deep copy taken when `stream` was called, deeply frozen, so neither the caller changing its
   * request afterwards nor a reader of this list can change what is recorded. Each read returns a
   * new outer array.
   */
  readonly requests: readonly ProviderRequest[];
  /** Number of steps not used yet. */
  readonly remaining: number;
}

/**
 * Creates a deterministic provider for tests and demos: call n replays `steps[n-1]` (see
 * {@link ScriptedStep}), whatever the request says. A call after the last step throws
 * `PROVIDER_FAILED` (not retryable, `details.reason: 'steps-exhausted'`). A step that is a
 * failure yields its `after` chunks and throws its error as is (use `createProviderError` with
 * `retryable: true` to exercise retries). The provider stops at once when the call's signal aborts.
 * Steps are checked when created (`CONFIG_INVALID` naming the step); a function step's result is
 * checked when it is called.
 */
export function createScriptedProvider(steps: readonly ScriptedStep[], options: ScriptedProviderOptions = {}): ScriptedProvider {
  // A getter or proxy that throws is CONFIG_INVALID naming the step (or option) it guards.
  const script = readingGuarded('CONFIG_INVALID', 'steps', (): readonly ScriptedStep[] => {
    if (!Array.isArray(steps)) throw scriptedConfigInvalid('steps', 'must be a list of steps');
    // Index by index: a hole reads as undefined and is refused at once, even in a huge sparse list.
    const list = steps as readonly ScriptedStep[];
    for (let index = 0; index < list.length; index++) {
      readingGuarded('CONFIG_INVALID', `steps[${index}]`, () => {
        assertScriptedStep(list[index], `steps[${index}]`);
      });
    }
    return list.slice();
  });
  const { id, chunkDelayMs } = readingGuarded('CONFIG_INVALID', 'options', () => readOptions(options));
  const requests: ProviderRequest[] = [];
  return {
    id,
    get requests() {
      return requests.slice();
    },
    get remaining() {
      return Math.max(0, script.length - requests.length);
    },
    stream(request: ProviderRequest, streamOptions: ProviderStreamOptions) {
      requests.push(frozenCopy(request, id));
      const call = requests.length;
      return replay(() => plan(script[call - 1], request, call, script.length, id), callerSignal(streamOptions) ?? new AbortController().signal, chunkDelayMs);
    },
  };
}

/**
 * A deep copy of `request` (structured clone: plain data, cycles and `BigInt`s kept), frozen all
 * the way down. A request that cannot be copied or frozen (a function, a symbol, a proxy or a typed
 * array inside, a getter that throws, nesting past the engine's stack) is `INPUT_INVALID` naming
 * `request`.
 */
function frozenCopy(request: ProviderRequest, id: string): ProviderRequest {
  try {
    const copy: unknown = structuredClone(request);
    deepFreeze(copy);
    return copy as ProviderRequest;
  } catch (error) {
    // A typed array cannot be frozen either.
    throw new AgentCoreError('INPUT_INVALID', `scripted provider "${id}": request cannot be recorded: it must be plain data (no functions, symbols, proxies or typed arrays)`, {
      cause: error,
      details: { field: 'request', providerId: id },
    });
  }
}

/** Freezes `value` and every object below it, without recursion (so any depth) and once per object (so cycles end). */
function deepFreeze(value: unknown): void {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    Object.freeze(next);
    for (const key of Reflect.ownKeys(next)) pending.push((next as Record<PropertyKey, unknown>)[key]);
  }
}

function plan(step: ScriptedStep | undefined, request: ProviderRequest, call: number, total: number, id: string): ScriptedPlan {
  if (step === undefined) {
    throw new AgentCoreError('PROVIDER_FAILED', `scripted provider "${id}": no step left for call ${call} (${total} scripted)`, {
      details: { retryable: false, reason: 'steps-exhausted', call, steps: total, providerId: id },
    });
  }
  const resolved: unknown = typeof step === 'function' ? step(request, call) : step;
  if (typeof resolved === 'function') throw scriptedConfigInvalid(`steps[${call - 1}]`, 'returned a function, not a step');
  assertScriptedStep(resolved, `steps[${call - 1}]`);
  return planScriptedStep(resolved as ScriptedReplay, call);
}

async function* replay(makePlan: () => ScriptedPlan, signal: AbortSignal, chunkDelayMs: number): AsyncGenerator<ScriptedChunk> {
  const { chunks, failure } = makePlan();
  for (const chunk of chunks) {
    if (chunkDelayMs > 0) await delay(chunkDelayMs, signal);
    if (signal.aborted) return;
    yield chunk;
  }
  if (failure !== undefined) throw failure.error;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

function readOptions(options: unknown): { id: string; chunkDelayMs: number } {
  if (!isPlainObject(options)) throw scriptedConfigInvalid('options', 'must be an object { id?, chunkDelayMs? }');
  const unknown = Object.keys(options).find((key) => key !== 'id' && key !== 'chunkDelayMs');
  if (unknown !== undefined) throw scriptedConfigInvalid(`options.${truncateText(unknown, 60)}`, 'is not an option (id, chunkDelayMs)');
  const { id = 'scripted', chunkDelayMs = 0 } = options;
  if (typeof id !== 'string' || id === '') throw scriptedConfigInvalid('options.id', 'must be a non-empty string');
  if (typeof chunkDelayMs !== 'number' || !Number.isInteger(chunkDelayMs) || chunkDelayMs < 0 || chunkDelayMs > 2_147_483_647) {
    throw scriptedConfigInvalid('options.chunkDelayMs', 'must be an integer from 0 to 2147483647', { minimum: 0, limit: 2_147_483_647, actual: detailValue(chunkDelayMs) });
  }
  return { id, chunkDelayMs };
}
