import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { AgentCoreError, type ModelProvider, type ProviderChunk, type ProviderRequest, type ProviderStreamOptions } from '@jangts/agent-types';
import { abortedError } from '../shared/aborted-error.js';
import { closableStream } from '../shared/closable-stream.js';
import { isRecord } from '../shared/is-record.js';
import type { AiSdkCallSettings, AiSdkLanguageModel } from './ai-sdk-language-model.js';
import { aiSdkFailure } from './ai-sdk-failure.js';
import { readAiSdkStream, type AiSdkStreamPart } from './read-ai-sdk-stream.js';
import { toAiSdkPrompt } from './to-ai-sdk-prompt.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';

/**
 * Adapts a Vercel AI SDK language model (`@ai-sdk/provider` specification v4, or v3) to a
 * {@link ModelProvider}, so that every provider of that ecosystem runs under `ModelRunner`. Each
 * call runs `doStream` with the mapped prompt, the stage's tools as function tools, the abort
 * signal and `settings`; stream parts become runner chunks. Failures are `PROVIDER_FAILED`
 * (`retryable` from the SDK's `APICallError` when there is one). A value that is not a v3/v4
 * language model is `CONFIG_INVALID`. Only types are imported from `@ai-sdk/provider`.
 */
/** Call options the runner sets, never taken from `settings`. */
const RUNNER_OWNED = ['prompt', 'tools', 'abortSignal', 'includeRawChunks'] as const;

export function fromAiSdkModel(languageModel: AiSdkLanguageModel, settings: AiSdkCallSettings = {}): ModelProvider {
  if (
    !isRecord(languageModel) ||
    typeof languageModel.doStream !== 'function' ||
    (languageModel.specificationVersion !== 'v4' && languageModel.specificationVersion !== 'v3')
  ) {
    throw new AgentCoreError('CONFIG_INVALID', 'fromAiSdkModel: `languageModel` must be an AI SDK language model (specification v3 or v4)', {
      details: { field: 'languageModel', expected: 'LanguageModelV4 | LanguageModelV3' },
    });
  }
  if (!isRecord(settings)) {
    throw new AgentCoreError('CONFIG_INVALID', 'fromAiSdkModel: `settings` must be an object', {
      details: { field: 'settings', expected: 'an object' },
    });
  }
  // What the runner decides is never taken from the settings, even from a caller the types do not
  // hold (JavaScript): the prompt, the stage's tools (none for a plain-text stage), the signal.
  const passed = Object.fromEntries(Object.entries(settings).filter(([key]) => !(RUNNER_OWNED as readonly string[]).includes(key)));
  const model = languageModel as { doStream(options: LanguageModelV4CallOptions): PromiseLike<{ stream: ReadableStream<AiSdkStreamPart> }> };
  return {
    id: `ai-sdk:${languageModel.provider}:${languageModel.modelId}`,
    stream(request: ProviderRequest, options: ProviderStreamOptions): AsyncIterable<string | ProviderChunk> {
      return closableStream(options, async function* (signal) {
        const callOptions: LanguageModelV4CallOptions = {
          ...(passed as AiSdkCallSettings),
          prompt: toAiSdkPrompt(request.messages),
          ...(request.tools.length === 0 ? {} : { tools: toAiSdkTools(request.tools) }),
          abortSignal: signal,
        };
        let stream: ReadableStream<AiSdkStreamPart>;
        try {
          ({ stream } = await model.doStream(callOptions));
        } catch (error) {
          if (signal.aborted) throw abortedError('ai-sdk', signal);
          throw aiSdkFailure(error);
        }
        yield* readAiSdkStream(stream, signal);
      });
    },
  };
}
