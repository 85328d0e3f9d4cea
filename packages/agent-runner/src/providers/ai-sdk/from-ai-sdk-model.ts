import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import * as Type from '@jangts/agent-types/internal/type';
import type { ModelProvider, ProviderChunk, ProviderRequest, ProviderStreamOptions } from '@jangts/agent-types';
import { parser, reference } from '@jangts/agent-types/internal';
import { providerAbortedError } from '../../errors.js';
import { providerFailure } from '../../provider-failure.js';
import { collectSecrets, redactingFailures } from '../http/secrets.js';
import { closableStream } from '../shared/closable-stream.js';
import { streamArgumentsParser } from '../shared/stream-arguments-parser.js';
import { aiSdkFailure } from './ai-sdk-failure.js';
import { AiSdkCallSettingsSchema } from './ai-sdk-call-settings-schema.js';
import type { AiSdkCallSettings, AiSdkLanguageModel } from './ai-sdk-language-model.js';
import { AiSdkLanguageModelSchema } from './ai-sdk-language-model-schema.js';
import { AiSdkRequestSchema } from './ai-sdk-request-schema.js';
import { readAiSdkStream, type AiSdkStreamPart } from './read-ai-sdk-stream.js';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';

/** Call options the runner sets: taken from no caller, even one the types do not hold (JavaScript), and left out of `settings`. */
const RUNNER_OWNED = ['prompt', 'tools', 'abortSignal', 'includeRawChunks'] as const;

const argumentsDoor = /* @__PURE__ */ parser(
  Type.Object({
    languageModel: AiSdkLanguageModelSchema,
    settings: Type.Optional(
      Type.Object(AiSdkCallSettingsSchema.properties, {
        additionalProperties: false,
        patternProperties: { [`^(?:${RUNNER_OWNED.join('|')})$`]: reference<unknown>('anything', () => true) },
      }),
    ),
  }),
  { subject: 'fromAiSdkModel', code: 'CONFIG_INVALID', name: 'arguments' },
);
const streamArguments = streamArgumentsParser('ai-sdk', AiSdkRequestSchema);

/** The model as the door read it: its fields, and `doStream` bound to it. */
interface ReadModel {
  readonly specificationVersion: 'v3' | 'v4';
  readonly provider: string;
  readonly modelId: string;
  doStream(options: LanguageModelV4CallOptions): PromiseLike<{ readonly stream: ReadableStream<AiSdkStreamPart> }>;
}

/**
 * Adapts a Vercel AI SDK language model (`@ai-sdk/provider` specification v4, or v3) to a
 * {@link ModelProvider}, so that every provider of that ecosystem runs under `ModelRunner`. Each
 * call runs `doStream` with the mapped prompt, the stage's tools as function tools, the abort
 * signal and `settings`; stream parts become runner chunks. Failures are `PROVIDER_FAILED`
 * (`retryable` from the SDK's `APICallError` when there is one); the values of credential-looking
 * `settings.headers` (`authorization`, `x-api-key`, …) are redacted from all of them, as the
 * HTTP providers redact theirs (the model's own key is not known here). Only types are imported
 * from `@ai-sdk/provider`.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the field: a value that is not a v3/v4 language
 *   model (`languageModel.specificationVersion`), a setting that is not one of
 *   `AiSdkCallSettingsSchema` (`settings.temperatur`, with a `suggestion`) or of the wrong kind.
 */
export function fromAiSdkModel(languageModel: AiSdkLanguageModel, settings?: AiSdkCallSettings): ModelProvider {
  const read = argumentsDoor.parse({ languageModel, settings });
  const model = read.languageModel as unknown as ReadModel;
  const passed = Object.fromEntries(Object.entries(read.settings ?? {}).filter(([key]) => !(RUNNER_OWNED as readonly string[]).includes(key)));
  const headers = (passed.headers ?? {}) as Readonly<Record<string, string | undefined>>;
  const secrets = collectSecrets(undefined, Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return {
    id: `ai-sdk:${model.provider}:${model.modelId}`,
    model: model.modelId,
    stream(request: ProviderRequest, options: ProviderStreamOptions): AsyncIterable<string | ProviderChunk> {
      const call = streamArguments.parse(request, options);
      return closableStream(call.signal, (signal) => {
        const chunks = streamModel(call.request, signal);
        return secrets.length === 0 ? chunks : redactingFailures(chunks, secrets);
      });
    },
  };

  async function* streamModel(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderChunk, void, undefined> {
    const callOptions: LanguageModelV4CallOptions = {
      ...(passed as Partial<LanguageModelV4CallOptions>),
      prompt: toAiSdkPrompt(request.messages),
      ...(request.tools.length === 0 ? {} : { tools: toAiSdkTools(request.tools) }),
      abortSignal: signal,
    };
    let stream: unknown;
    try {
      ({ stream } = await model.doStream(callOptions));
    } catch (error) {
      if (signal.aborted) throw providerAbortedError('ai-sdk', signal);
      throw aiSdkFailure(error, secrets);
    }
    if (!isReadableStream(stream)) {
      throw providerFailure('doStream did not resolve to { stream } with a ReadableStream', { provider: 'ai-sdk', retryable: false });
    }
    yield* readAiSdkStream(stream, model.specificationVersion, signal, secrets);
  }
}

/** Whether `value` can be read as a stream (a getter or proxy that throws: it cannot). */
function isReadableStream(value: unknown): value is ReadableStream<AiSdkStreamPart> {
  try {
    return typeof value === 'object' && value !== null && typeof (value as { getReader?: unknown }).getReader === 'function';
  } catch {
    return false;
  }
}
