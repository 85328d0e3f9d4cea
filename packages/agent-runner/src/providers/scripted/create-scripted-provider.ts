import * as Type from '@jangts/agent-types/internal/type';
import { AbortSignalSchema, type ModelProvider, type ProviderRequest, type ProviderStreamOptions } from '@jangts/agent-types';
import { inputError, parser } from '@jangts/agent-types/internal';
import { createProviderError } from '../../provider-failure.js';
import { planScriptedStep, type ScriptedPlan } from './plan-scripted-step.js';
import { ScriptedReplaySchema, ScriptedStepSchema, type ScriptedChunk, type ScriptedReplay, type ScriptedStep } from './scripted-step-schema.js';

/** Schema of {@link ScriptedProviderOptions}. */
export const ScriptedProviderOptionsSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1 })),
    chunkDelayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);

/** Options of {@link createScriptedProvider}. */
export interface ScriptedProviderOptions {
  /** Provider id; default `scripted`; not empty. */
  readonly id?: string | undefined;
  /** Wait this many ms before each chunk (abortable), e.g. to make a demo visibly stream; default 0 (no wait); at most 2147483647. */
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

const argumentsDoor = /* @__PURE__ */ parser(Type.Object({ steps: Type.Array(ScriptedStepSchema), options: Type.Optional(ScriptedProviderOptionsSchema) }), {
  subject: 'createScriptedProvider',
  code: 'CONFIG_INVALID',
  name: 'arguments',
});
const streamOptionsDoor = /* @__PURE__ */ parser(Type.Union([Type.Undefined(), Type.Object({ signal: Type.Optional(AbortSignalSchema) })]), { subject: 'scripted provider', code: 'INPUT_INVALID', name: 'options', qualify: true });

/**
 * Creates a deterministic provider for tests and demos: call n replays `steps[n-1]` (see
 * {@link ScriptedStep}), whatever the request says. A call after the last step throws
 * `PROVIDER_FAILED` (not retryable, `details.reason: 'steps-exhausted'`). A step that is a
 * failure yields its `after` chunks and throws its error as is (use `createProviderError` with
 * `retryable: true` to exercise retries). The provider stops at once when the call's signal aborts.
 * Steps and options are read once, when created (`CONFIG_INVALID` naming the field: `steps[0].text`,
 * `options.id`); a function step's result when it is called.
 */
export function createScriptedProvider(steps: readonly ScriptedStep[], options?: ScriptedProviderOptions): ScriptedProvider {
  const read = argumentsDoor.parse({ steps, options });
  const script = read.steps as readonly ScriptedStep[];
  const { id = 'scripted', chunkDelayMs = 0 } = read.options ?? {};
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
      const signal = (streamOptionsDoor.parse(streamOptions))?.signal ?? new AbortController().signal;
      requests.push(frozenCopy(request, id));
      const call = requests.length;
      return replay(() => plan(script[call - 1], request, call, script.length, id), signal, chunkDelayMs);
    },
  };
}

/**
 * A deep copy of `request` (structured clone: plain data, cycles and `BigInt`s kept, so a test
 * can record what it likes), frozen all the way down. A request that cannot be copied or frozen
 * (a function, a symbol, a proxy or a typed array inside, a getter that throws, nesting past the
 * engine's stack) is `INPUT_INVALID` naming `request`.
 */
function frozenCopy(request: ProviderRequest, id: string): ProviderRequest {
  try {
    const copy: unknown = structuredClone(request);
    deepFreeze(copy);
    return copy as ProviderRequest;
  } catch (error) {
    // A typed array cannot be frozen either.
    throw inputError(
      { subject: `scripted provider "${id}"`, code: 'INPUT_INVALID', name: 'request' },
      { path: [], rule: 'recordable', problem: 'cannot be recorded: it must be plain data (no functions, symbols, proxies or typed arrays)', cause: error },
    );
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
    throw createProviderError(`scripted provider "${id}": no step left for call ${call} (${total} scripted)`, {
      retryable: false,
      providerId: id,
      details: { reason: 'steps-exhausted', call, steps: total },
    });
  }
  if (typeof step !== 'function') return planScriptedStep(step, call);
  // A function step's result is read by the same door, named as the step it stands for.
  const replayDoor = parser(ScriptedReplaySchema, { subject: 'scripted provider', code: 'CONFIG_INVALID', name: `steps[${call - 1}]`, qualify: true });
  return planScriptedStep(replayDoor.parse(step(request, call)) as ScriptedReplay, call);
}

/**
 * The chunks of the plan (made at the first `next`), then its failure. An iterator by hand, not an
 * async generator: `yield` awaits what it yields, so a thenable chunk would be called (or never
 * settle) and a revoked proxy would throw, where a replay hands every chunk over as it is.
 */
function replay(makePlan: () => ScriptedPlan, signal: AbortSignal, chunkDelayMs: number): AsyncIterableIterator<ScriptedChunk> {
  let plan: ScriptedPlan | undefined;
  let index = 0;
  let finished = false;
  const end: IteratorReturnResult<undefined> = { done: true, value: undefined };
  const iterator: AsyncIterableIterator<ScriptedChunk> = {
    async next() {
      if (finished) return end;
      try {
        plan ??= makePlan();
        if (index < plan.chunks.length) {
          if (chunkDelayMs > 0) await delay(chunkDelayMs, signal);
          if (!signal.aborted) return { done: false, value: plan.chunks[index++] as ScriptedChunk };
        } else if (plan.failure !== undefined) {
          finished = true;
          throw plan.failure.error;
        }
      } catch (error) {
        finished = true;
        throw error;
      }
      finished = true;
      return end;
    },
    return() {
      finished = true;
      return Promise.resolve(end);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
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
