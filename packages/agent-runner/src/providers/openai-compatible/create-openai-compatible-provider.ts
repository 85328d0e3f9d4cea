import type { ModelProvider } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import { createEventStreamProvider } from '../http/create-event-stream-provider.js';
import { endpointUrl } from '../http/endpoint-url.js';
import { streamArgumentsParser } from '../shared/stream-arguments-parser.js';
import { OpenAICompatibleProviderOptionsSchema, type OpenAICompatibleProviderOptions } from './openai-compatible-provider-options.js';
import { OpenAIStreamState } from './openai-stream-state.js';
import { toOpenAIMessages } from './to-openai-messages.js';
import { toOpenAITools } from './to-openai-tools.js';

const optionsDoor = /* @__PURE__ */ parser(OpenAICompatibleProviderOptionsSchema, { subject: 'createOpenAICompatibleProvider options', code: 'CONFIG_INVALID', name: 'options' });
const streamArguments = streamArgumentsParser('openai-compatible');

/**
 * A {@link ModelProvider} for any server speaking the OpenAI Chat Completions protocol (OpenAI,
 * vLLM, llama.cpp server, Ollama, LM Studio, DeepSeek, Qwen/DashScope, …). Each call POSTs
 * `{baseURL}/chat/completions` with `stream: true` and `stream_options.include_usage`, sends the
 * stage's tools as function tools, and streams text deltas, tool-call deltas and one finish
 * chunk. HTTP and wire failures are `PROVIDER_FAILED` (status, body excerpt, `retryable`,
 * `retryAfterMs`); the API key never appears in them.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the option (`OpenAICompatibleProviderOptionsSchema`),
 *   with a `suggestion` for a misspelt one (`baseUrl` → `baseURL`); never echoing a key, header or URL.
 */
export function createOpenAICompatibleProvider(options: OpenAICompatibleProviderOptions): ModelProvider {
  const { baseURL, model, apiKey, headers, body = {}, fetch } = optionsDoor.parse(options);
  return createEventStreamProvider({
    id: 'openai-compatible',
    model: typeof body.model === 'string' ? body.model : model,
    url: endpointUrl(baseURL, '/chat/completions'),
    apiKey,
    headers: apiKey === undefined || apiKey === '' ? {} : { authorization: `Bearer ${apiKey}` },
    appHeaders: headers,
    fetch: (fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch,
    streamArguments,
    body: (request) => ({
      model,
      stream_options: { include_usage: true },
      ...body,
      messages: toOpenAIMessages(request.messages),
      tools: request.tools.length === 0 ? undefined : toOpenAITools(request.tools),
      stream: true,
    }),
    createState: (secrets) => new OpenAIStreamState(secrets),
  });
}
