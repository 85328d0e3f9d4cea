import type { AgentCoreError, ModelProvider, OutputEvent, OutputSink } from '@jangts/agent-types';
import { live, parser, reference, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';

/** Retry policy for provider failures before the first chunk. */
export interface RetryOptions {
  /** Total tries, the first included: an integer 1–100; default 3. `1` disables retries. */
  readonly attempts?: number | undefined;
  /** Backoff before retry n is `baseDelayMs * 2^(n-1)`; default 500 ms. */
  readonly baseDelayMs?: number | undefined;
  /**
   * Longest wait the runner accepts before a retry; default 30,000 ms. When the backoff or the
   * provider's `retry-after` asks for more, the failure is raised instead of waited out.
   */
  readonly maxDelayMs?: number | undefined;
}

/** Options of {@link ModelRunner}. */
export interface ModelRunnerOptions {
  /** The model provider every call streams from. */
  readonly provider: ModelProvider;
  /** Output sinks; `output` receives every call's events in order. */
  readonly sink?: { readonly output?: OutputSink | undefined } | undefined;
  /** Retries of retryable provider failures before the first chunk. */
  readonly retry?: RetryOptions | undefined;
  /** Overall limit of one `invoke` (retries, backoff and sink waits included), in ms; none by default. */
  readonly timeoutMs?: number | undefined;
  /**
   * Longest wait for the first chunk of each try, from the `stream()` call, in ms; none by default.
   * A try that times out before its first chunk is retried like a retryable provider failure; the
   * last one rejects with `TIMEOUT` (`details.timeout: 'firstChunkTimeoutMs'`).
   */
  readonly firstChunkTimeoutMs?: number | undefined;
  /**
   * Longest wait for each later chunk, from the moment the runner asks the provider for it (time
   * spent in the sink does not count), in ms; none by default. `TIMEOUT` (`details.timeout:
   * 'idleTimeoutMs'`), never retried: output has started.
   */
  readonly idleTimeoutMs?: number | undefined;
  /** Limit of streamed text plus tool-argument characters (UTF-16 units) per call; none by default. */
  readonly maxOutputChars?: number | undefined;
  /**
   * Record message content, the streamed text and the proposals in `context.logger`. Off by
   * default: only sizes, ids, reasons and codes are recorded.
   */
  readonly recordContent?: boolean | undefined;
  /**
   * Called with every warning (`SINK_FAILED`, `LOG_FAILED`): failures that never fail the call.
   * Also called for a warning that happens after the call settled. Must not throw (a throw is ignored).
   */
  readonly onWarning?: ((warning: AgentCoreError) => void) | undefined;
}

/** The largest delay `setTimeout` accepts (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

const milliseconds = (minimum: number) => Type.Optional(Type.Integer({ minimum, maximum: MAX_TIMER_MS }));

/**
 * Schema of {@link RetryOptions}: `attempts` an integer 1–100, the delays integers from 0 to the
 * timer limit; with more than one attempt, `maxDelayMs` at least `baseDelayMs` (or no retry could
 * ever wait its backoff). Unknown fields are refused.
 */
export const RetryOptionsSchema = rule(
  Type.Object({ attempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), baseDelayMs: milliseconds(0), maxDelayMs: milliseconds(0) }, { additionalProperties: false }),
  ({ attempts = 3, baseDelayMs = 500, maxDelayMs = 30_000 }) =>
    attempts > 1 && baseDelayMs > maxDelayMs
      ? { path: ['maxDelayMs'], rule: 'order', problem: `must be at least retry.baseDelayMs (${baseDelayMs}), or no retry could ever wait its backoff`, limit: baseDelayMs, actual: maxDelayMs }
      : undefined,
);

/** The `write` each accepted output sink had when it was checked (read once; the sink itself is kept, so that calls sharing it take turns). */
const sinkWrites = new WeakMap<object, OutputSink['write']>();

function acceptsSink(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const write: unknown = (value as { write?: unknown }).write;
  if (typeof write !== 'function') return false;
  sinkWrites.set(value, write as OutputSink['write']);
  return true;
}

/** Schema of a `ModelProvider` as the runner uses it: `stream` (bound to the App's object), an optional string `id` and `model`, each read once. */
export const ModelProviderSchema = live<ModelProvider>(
  'a model provider with a stream(request, options) method',
  Type.Object({ stream: Type.Function([Type.Unknown(), Type.Unknown()], Type.Unknown()), id: Type.Optional(Type.String()), model: Type.Optional(Type.String()) }),
);

/** Schema of an `OutputSink`: any object with a `write(event)` method, kept as it is (its `write` read once). */
export const OutputSinkSchema = reference<OutputSink>('an output sink with a write(event) method', acceptsSink);

/** Schema of the output sinks of a runner or of one call: `{ output?: OutputSink }`; unknown fields are refused. */
export const SinkOptionsSchema = Type.Object({ output: Type.Optional(OutputSinkSchema) }, { additionalProperties: false });

/** Schema of {@link ModelRunnerOptions}; unknown fields are refused, with a did-you-mean suggestion. */
export const ModelRunnerOptionsSchema = Type.Object(
  {
    provider: ModelProviderSchema,
    sink: Type.Optional(SinkOptionsSchema),
    retry: Type.Optional(RetryOptionsSchema),
    timeoutMs: milliseconds(1),
    firstChunkTimeoutMs: milliseconds(1),
    idleTimeoutMs: milliseconds(1),
    maxOutputChars: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    recordContent: Type.Optional(Type.Boolean()),
    onWarning: Type.Optional(Type.Unsafe<(warning: AgentCoreError) => void>(Type.Function([Type.Unknown()], Type.Void()))),
  },
  { additionalProperties: false },
);

const options = /* @__PURE__ */ parser(ModelRunnerOptionsSchema, {
  subject: 'ModelRunner options',
  code: 'CONFIG_INVALID',
  name: 'options',
  misuse: (value) =>
    typeof value === 'object' && value !== null && !('provider' in value) && typeof (value as { stream?: unknown }).stream === 'function'
      ? { rule: 'misuse', problem: 'is a model provider, passed where the options belong: write new ModelRunner({ provider })', expected: 'options { provider, … }' }
      : undefined,
});

/** An output sink as the runner calls it: the App's object, and its `write` as it was when checked. */
export interface SinkTarget {
  readonly sink: object;
  readonly write: (event: OutputEvent) => unknown;
}

/** The sink the door accepted (`OutputSinkSchema`) as the runner calls it, or undefined for none. */
export function sinkTarget(sink: OutputSink | undefined): SinkTarget | undefined {
  return sink === undefined ? undefined : { sink, write: sinkWrites.get(sink) as SinkTarget['write'] };
}

/** Runner options read once, checked, with the defaults applied. */
export interface RunnerSettings {
  readonly stream: ModelProvider['stream'];
  readonly providerId: string | undefined;
  /** The provider's model, recorded on `model.start`. */
  readonly model: string | undefined;
  readonly output: SinkTarget | undefined;
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly timeoutMs: number | undefined;
  readonly firstChunkTimeoutMs: number | undefined;
  readonly idleTimeoutMs: number | undefined;
  /** The limit of streamed characters per call; undefined for none. */
  readonly maxOutputChars: number | undefined;
  readonly recordContent: boolean;
  readonly onWarning: ((warning: AgentCoreError) => void) | undefined;
}

/**
 * Reads `new ModelRunner` options once (`CONFIG_INVALID` naming the field, in the one door form)
 * and applies the defaults.
 */
export function parseRunnerOptions(value: unknown): RunnerSettings {
  const read = options.parse(value);
  const retry = read.retry ?? {};
  return {
    // The door bound `stream` to the App's provider.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    stream: read.provider.stream,
    providerId: read.provider.id,
    model: read.provider.model,
    output: sinkTarget(read.sink?.output),
    attempts: retry.attempts ?? 3,
    baseDelayMs: retry.baseDelayMs ?? 500,
    maxDelayMs: retry.maxDelayMs ?? 30_000,
    timeoutMs: read.timeoutMs,
    firstChunkTimeoutMs: read.firstChunkTimeoutMs,
    idleTimeoutMs: read.idleTimeoutMs,
    maxOutputChars: read.maxOutputChars,
    recordContent: read.recordContent ?? false,
    onWarning: read.onWarning,
  };
}
