import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { AgentCoreError, type ModelProvider, type ProviderChunk, type ProviderRequest, type ProviderStreamOptions } from '@jangts/agent-types';
import { describeValue, detailValue, truncateText } from '@jangts/agent-types/internal';
import { abortedError } from '../shared/aborted-error.js';
import { checkProviderRequest } from '../shared/check-provider-request.js';
import { closableStream } from '../shared/closable-stream.js';
import { collectSecrets, redactingFailures } from '../http/secrets.js';
import { isRecord } from '../shared/is-record.js';
import { isPlainObject } from '../../is-plain-object.js';
import { readingGuarded } from '../../reading-guarded.js';
import type { AiSdkCallSettings, AiSdkLanguageModel } from './ai-sdk-language-model.js';
import { aiSdkFailure } from './ai-sdk-failure.js';
import { readAiSdkStream, type AiSdkStreamPart } from './read-ai-sdk-stream.js';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import { providerFailure } from '../../provider-failure.js';

/** Call options the runner sets, never taken from `settings`. */
const RUNNER_OWNED = ['prompt', 'tools', 'abortSignal', 'includeRawChunks'] as const;

/** The call settings of specifications v3 and v4 an App may give; numbers checked as the specifications describe them. */
const SETTINGS: Readonly<Record<string, ((value: unknown) => boolean) | undefined>> = {
  maxOutputTokens: (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1,
  temperature: Number.isFinite,
  topP: Number.isFinite,
  topK: Number.isFinite,
  presencePenalty: Number.isFinite,
  frequencyPenalty: Number.isFinite,
  seed: Number.isSafeInteger,
  stopSequences: (value) => Array.isArray(value) && Array.from(value as unknown[]).every((item) => typeof item === 'string'),
  responseFormat: undefined,
  toolChoice: undefined,
  headers: undefined,
  reasoning: undefined,
  providerOptions: undefined,
};

/**
 * Adapts a Vercel AI SDK language model (`@ai-sdk/provider` specification v4, or v3) to a
 * {@link ModelProvider}, so that every provider of that ecosystem runs under `ModelRunner`. Each
 * call runs `doStream` with the mapped prompt, the stage's tools as function tools, the abort
 * signal and `settings`; stream parts become runner chunks. Failures are `PROVIDER_FAILED`
 * (`retryable` from the SDK's `APICallError` when there is one); the values of credential-looking
 * `settings.headers` (`authorization`, `x-api-key`, …) are redacted from all of them, as the
 * HTTP providers redact theirs (the model's own key is not known here). A value that is not a v3/v4
 * language model is `CONFIG_INVALID`. Only types are imported from `@ai-sdk/provider`.
 */
export function fromAiSdkModel(languageModel: AiSdkLanguageModel, settings: AiSdkCallSettings = {}): ModelProvider {
  // The model's fields and the settings are read once, here; a getter or proxy that throws is CONFIG_INVALID.
  const { provider, modelId } = readingGuarded('CONFIG_INVALID', 'languageModel', () => readModel(languageModel));
  const passed = readingGuarded('CONFIG_INVALID', 'settings', () => readSettings(settings));
  const secrets = collectSecrets(undefined, stringEntries(passed.headers));
  const model = languageModel as { doStream(options: LanguageModelV4CallOptions): PromiseLike<{ stream: ReadableStream<AiSdkStreamPart> }> };
  return {
    id: `ai-sdk:${provider}:${modelId}`,
    stream(request: ProviderRequest, options: ProviderStreamOptions): AsyncIterable<string | ProviderChunk> {
      // Checked here, as the HTTP providers do: a direct caller's malformed request is INPUT_INVALID at once.
      const checked = checkProviderRequest('ai-sdk', request);
      return closableStream(options, (signal) => {
        const chunks = streamModel(signal);
        return secrets.length === 0 ? chunks : redactingFailures(chunks, secrets);
      });
      async function* streamModel(signal: AbortSignal): AsyncGenerator<ProviderChunk, void, undefined> {
        const callOptions: LanguageModelV4CallOptions = {
          ...(passed as Partial<LanguageModelV4CallOptions>),
          prompt: toAiSdkPrompt(checked.messages),
          ...(checked.tools.length === 0 ? {} : { tools: toAiSdkTools(checked.tools) }),
          abortSignal: signal,
        };
        let stream: ReadableStream<AiSdkStreamPart>;
        try {
          ({ stream } = await model.doStream(callOptions));
        } catch (error) {
          if (signal.aborted) throw abortedError('ai-sdk', signal);
          throw aiSdkFailure(error, secrets);
        }
        if (!isReadableStream(stream)) {
          throw providerFailure('doStream did not resolve to { stream } with a ReadableStream', { provider: 'ai-sdk', retryable: false });
        }
        yield* readAiSdkStream(stream, signal, secrets);
      }
    },
  };
}

/** The `[name, value]` pairs of call headers whose value is a string (the AI SDK leaves out `undefined` ones). */
function stringEntries(headers: unknown): [string, string][] {
  if (!isRecord(headers)) return [];
  return Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/** Checks that `languageModel` is a v3/v4 language model and reads the fields the provider id names. */
function readModel(languageModel: unknown): { provider: string; modelId: string } {
  const version: unknown = isRecord(languageModel) ? languageModel.specificationVersion : undefined;
  if (!isRecord(languageModel) || typeof languageModel.doStream !== 'function' || (version !== 'v4' && version !== 'v3')) {
    throw new AgentCoreError('CONFIG_INVALID', 'fromAiSdkModel: `languageModel` must be an AI SDK language model (specification v3 or v4)', {
      details: { field: 'languageModel', expected: 'LanguageModelV4 | LanguageModelV3' },
    });
  }
  return { provider: String(languageModel.provider), modelId: String(languageModel.modelId) };
}

/**
 * The settings passed to every `doStream` call. What the runner decides is never taken from them,
 * even from a caller the types do not hold (JavaScript): the prompt, the stage's tools (none for
 * a plain-text stage), the signal.
 */
function readSettings(settings: unknown): Record<string, unknown> {
  if (!isPlainObject(settings)) {
    throw new AgentCoreError('CONFIG_INVALID', 'fromAiSdkModel: `settings` must be a plain object', {
      details: { field: 'settings', expected: 'an object' },
    });
  }
  const passed = Object.entries(settings).filter(([key]) => !(RUNNER_OWNED as readonly string[]).includes(key));
  for (const [key, value] of passed) {
    if (!Object.hasOwn(SETTINGS, key)) {
      throw new AgentCoreError('CONFIG_INVALID', `fromAiSdkModel: \`settings.${truncateText(key, 60)}\` is not an AI SDK call setting (known: ${Object.keys(SETTINGS).join(', ')})`, {
        details: { field: `settings.${truncateText(key, 60)}` },
      });
    }
    const valid = SETTINGS[key];
    if (value !== undefined && valid !== undefined && !valid(value)) {
      throw new AgentCoreError('CONFIG_INVALID', `fromAiSdkModel: \`settings.${key}\` is not valid (got ${describeValue(value)})`, {
        details: { field: `settings.${key}`, actual: detailValue(value) },
      });
    }
  }
  return Object.fromEntries(passed);
}

/** Whether `value` can be read as a stream (a getter or proxy that throws: it cannot). */
function isReadableStream(value: unknown): value is ReadableStream<AiSdkStreamPart> {
  try {
    return typeof value === 'object' && value !== null && typeof (value as { getReader?: unknown }).getReader === 'function';
  } catch {
    return false;
  }
}
