import { AgentCoreError, type JsonObject, type ModelProvider, type OutputSink } from '@jangts/agent-types';
import { detailValue, truncateText } from '@jangts/agent-types/internal';
import { isPlainObject } from './is-plain-object.js';
import { readField, readingGuarded } from './reading-guarded.js';

/** Runner options with defaults applied and every field checked. */
export interface ResolvedRunnerOptions {
  readonly provider: ModelProvider;
  readonly providerId: string | undefined;
  readonly output: OutputSink | undefined;
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly timeoutMs: number | undefined;
  readonly maxOutputChars: number;
  readonly recordContent: boolean;
  readonly onWarning: ((warning: AgentCoreError) => void) | undefined;
}

/** The largest delay `setTimeout` accepts (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;
const OPTION_FIELDS = new Set(['provider', 'sink', 'retry', 'timeoutMs', 'maxOutputChars', 'recordContent', 'onWarning']);
const RETRY_FIELDS = new Set(['attempts', 'baseDelayMs', 'maxDelayMs']);

/**
 * Checks `new ModelRunner` options (`CONFIG_INVALID` naming the field) and applies the defaults.
 * A getter or proxy that throws is `CONFIG_INVALID` naming the field it guards.
 */
export function resolveRunnerOptions(options: unknown): ResolvedRunnerOptions {
  return readingGuarded('CONFIG_INVALID', 'options', () => resolve(options));
}


function resolve(options: unknown): ResolvedRunnerOptions {
  if (!isPlainObject(options)) throw configInvalid('options', 'must be an object { provider, … }');
  rejectUnknown(options, OPTION_FIELDS, '');
  const provider = readField('CONFIG_INVALID', options, 'provider', 'provider');
  if (typeof provider !== 'object' || provider === null || typeof readField('CONFIG_INVALID', provider, 'stream', 'provider.stream') !== 'function') {
    throw configInvalid('provider', 'must be a model provider with a stream(request, options) method');
  }
  const providerId = readField('CONFIG_INVALID', provider, 'id', 'provider.id');
  if (providerId !== undefined && typeof providerId !== 'string') throw configInvalid('provider.id', 'must be a string');
  const retry = readRetry(readField('CONFIG_INVALID', options, 'retry', 'retry'));
  const recordContent = readField('CONFIG_INVALID', options, 'recordContent', 'recordContent') ?? false;
  if (typeof recordContent !== 'boolean') throw configInvalid('recordContent', 'must be a boolean');
  const onWarning = readField('CONFIG_INVALID', options, 'onWarning', 'onWarning');
  if (onWarning !== undefined && typeof onWarning !== 'function') throw configInvalid('onWarning', 'must be a function');
  return {
    provider: provider as ModelProvider,
    providerId,
    output: readOutput(readField('CONFIG_INVALID', options, 'sink', 'sink')),
    ...retry,
    timeoutMs: readInteger(readField('CONFIG_INVALID', options, 'timeoutMs', 'timeoutMs'), 'timeoutMs', 1, MAX_TIMER_MS),
    maxOutputChars: readInteger(readField('CONFIG_INVALID', options, 'maxOutputChars', 'maxOutputChars'), 'maxOutputChars', 1, Number.MAX_SAFE_INTEGER) ?? Number.POSITIVE_INFINITY,
    recordContent,
    onWarning: onWarning as ((warning: AgentCoreError) => void) | undefined,
  };
}

function readOutput(sink: unknown): OutputSink | undefined {
  if (sink === undefined) return undefined;
  if (!isPlainObject(sink)) throw configInvalid('sink', 'must be an object { output? }');
  rejectUnknown(sink, new Set(['output']), 'sink.');
  const output = readField('CONFIG_INVALID', sink, 'output', 'sink.output');
  if (output === undefined) return undefined;
  if (typeof output !== 'object' || output === null || typeof readField('CONFIG_INVALID', output, 'write', 'sink.output.write') !== 'function') {
    throw configInvalid('sink.output', 'must be an output sink with a write(event) method');
  }
  return output as OutputSink;
}

function readRetry(retry: unknown): Pick<ResolvedRunnerOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs'> {
  if (retry === undefined) return { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };
  if (!isPlainObject(retry)) throw configInvalid('retry', 'must be an object { attempts?, baseDelayMs?, maxDelayMs? }');
  rejectUnknown(retry, RETRY_FIELDS, 'retry.');
  const attempts = readInteger(readField('CONFIG_INVALID', retry, 'attempts', 'retry.attempts'), 'retry.attempts', 1, 100) ?? 3;
  const baseDelayMs = readInteger(readField('CONFIG_INVALID', retry, 'baseDelayMs', 'retry.baseDelayMs'), 'retry.baseDelayMs', 0, MAX_TIMER_MS) ?? 500;
  const maxDelayMs = readInteger(readField('CONFIG_INVALID', retry, 'maxDelayMs', 'retry.maxDelayMs'), 'retry.maxDelayMs', 0, MAX_TIMER_MS) ?? 30_000;
  // Every backoff wait would be over maxDelayMs, so no retry could ever happen: say so.
  if (attempts > 1 && baseDelayMs > maxDelayMs) {
    throw configInvalid('retry.maxDelayMs', `must be at least retry.baseDelayMs (${baseDelayMs}), or no retry could ever wait its backoff`, {
      limit: baseDelayMs,
      actual: maxDelayMs,
    });
  }
  return { attempts, baseDelayMs, maxDelayMs };
}

function readInteger(value: unknown, field: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw configInvalid(field, `must be an integer from ${min} to ${max}`, { limit: max, minimum: min, actual: detailValue(value) });
  }
  return value;
}

function rejectUnknown(fields: Record<string, unknown>, known: ReadonlySet<string>, prefix: string): void {
  const unknown = Object.keys(fields).find((key) => !known.has(key));
  if (unknown !== undefined) throw configInvalid(`${prefix}${truncateText(unknown, 60)}`, `is not an option (known: ${[...known].join(', ')})`);
}

function configInvalid(field: string, message: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('CONFIG_INVALID', `ModelRunner option ${field} ${message}`, { details: { field, ...extra } });
}
