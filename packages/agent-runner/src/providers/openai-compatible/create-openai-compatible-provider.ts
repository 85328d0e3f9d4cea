import type { ModelProvider } from '@jangts/agent-types';
import { createEventStreamProvider } from '../http/create-event-stream-provider.js';
import { checkOptionsObject, endpointUrl, optionalHeaderValue, requireHttpUrl, requireString } from '../shared/option-checks.js';
import type { OpenAICompatibleProviderOptions } from './openai-compatible-provider-options.js';
import { OpenAIStreamState } from './openai-stream-state.js';
import { toOpenAIMessages } from './to-openai-messages.js';
import { toOpenAITools } from './to-openai-tools.js';
import { readingGuarded } from '../../reading-guarded.js';

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
  // A getter or proxy that throws while an option is read is CONFIG_INVALID, not what it threw.
  return readingGuarded('CONFIG_INVALID', 'options', () => buildOpenAICompatibleProvider(options));
}

function buildOpenAICompatibleProvider(options: OpenAICompatibleProviderOptions): ModelProvider {
  const checked = checkOptionsObject(FACTORY, options, ['baseURL', 'model', 'apiKey', 'headers', 'body', 'fetch']);
  const url = endpointUrl(requireHttpUrl(FACTORY, checked, 'baseURL'), '/chat/completions');
  const model = requireString(FACTORY, checked, 'model');
  const apiKey = optionalHeaderValue(FACTORY, checked, 'apiKey');
  return createEventStreamProvider(FACTORY, checked, {
    id: 'openai-compatible',
    url,
    apiKey,
    headers: apiKey === undefined || apiKey === '' ? {} : { authorization: `Bearer ${apiKey}` },
    body: (request, extraBody) => ({
      model,
      stream_options: { include_usage: true },
      ...extraBody,
      messages: toOpenAIMessages(request.messages),
      tools: request.tools.length === 0 ? undefined : toOpenAITools(request.tools),
      stream: true,
    }),
    createState: (secrets) => new OpenAIStreamState(secrets),
  });
}
