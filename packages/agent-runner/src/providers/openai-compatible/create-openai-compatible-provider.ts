import type { ModelProvider, ProviderChunk, ProviderRequest, ProviderStreamOptions } from '@jangts/agent-types';
import { buildHeaders } from '../http/build-headers.js';
import { collectSecrets } from '../http/collect-secrets.js';
import { postEventStream } from '../http/post-event-stream.js';
import { streamChunks } from '../http/stream-chunks.js';
import { closableStream } from '../shared/closable-stream.js';
import {
  checkOptionsObject,
  optionalFetch,
  optionalHeaders,
  optionalObject,
  optionalString,
  requireHttpUrl,
  requireString,
} from '../shared/option-checks.js';
import type { OpenAICompatibleProviderOptions } from './openai-compatible-provider-options.js';
import { OpenAIStreamState } from './openai-stream-state.js';
import { toOpenAIMessages } from './to-openai-messages.js';
import { toOpenAITools } from './to-openai-tools.js';

const FACTORY = 'createOpenAICompatibleProvider';

/**
 * A {@link ModelProvider} for any server speaking the OpenAI Chat Completions protocol (OpenAI,
 * vLLM, llama.cpp server, Ollama, LM Studio, DeepSeek, Qwen/DashScope, …). Each call POSTs
 * `{baseURL}/chat/completions` with `stream: true` and `stream_options.include_usage`, sends the
 * stage's tools as function tools, and streams text deltas, tool-call deltas and one finish
 * chunk. HTTP and wire failures are `PROVIDER_FAILED` (status, body excerpt, `retryable`,
 * `retryAfterMs`); the API key never appears in them. Invalid options are `CONFIG_INVALID`.
 */
export function createOpenAICompatibleProvider(options: OpenAICompatibleProviderOptions): ModelProvider {
  const checked = checkOptionsObject(FACTORY, options);
  const url = `${requireHttpUrl(FACTORY, checked, 'baseURL')}/chat/completions`;
  const model = requireString(FACTORY, checked, 'model');
  const apiKey = optionalString(FACTORY, checked, 'apiKey');
  const extraBody = optionalObject(FACTORY, checked, 'body') ?? {};
  const fetch = optionalFetch(FACTORY, checked, 'fetch') ?? globalThis.fetch;
  const headers = buildHeaders(
    FACTORY,
    {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
    },
    optionalHeaders(FACTORY, checked, 'headers'),
  );
  const secrets = collectSecrets(apiKey, headers);

  return {
    id: 'openai-compatible',
    stream(request: ProviderRequest, streamOptions: ProviderStreamOptions): AsyncIterable<string | ProviderChunk> {
      const body = () => ({
        model,
        stream_options: { include_usage: true },
        ...extraBody,
        messages: toOpenAIMessages(request.messages),
        tools: request.tools.length === 0 ? undefined : toOpenAITools(request.tools),
        stream: true,
      });
      return closableStream(streamOptions.signal, (signal) =>
        streamChunks(
          postEventStream({ provider: 'openai-compatible', url, headers, body, fetch, signal, secrets }),
          new OpenAIStreamState(secrets),
        ),
      );
    },
  };
}
