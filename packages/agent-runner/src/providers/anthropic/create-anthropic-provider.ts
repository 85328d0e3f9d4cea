import type { ModelProvider } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import { createEventStreamProvider } from '../http/create-event-stream-provider.js';
import { endpointUrl } from '../http/endpoint-url.js';
import { streamArgumentsParser } from '../shared/stream-arguments-parser.js';
import { AnthropicProviderOptionsSchema, type AnthropicProviderOptions } from './anthropic-provider-options.js';
import { AnthropicRequestSchema } from './anthropic-request-schema.js';
import { AnthropicStreamState } from './anthropic-stream-state.js';
import { toAnthropicMessages } from './to-anthropic-messages.js';
import { toAnthropicTools } from './to-anthropic-tools.js';

/** The Messages API version sent unless the App's headers name another. */
export const ANTHROPIC_VERSION = '2023-06-01';

const optionsDoor = /* @__PURE__ */ parser(AnthropicProviderOptionsSchema, { subject: 'createAnthropicProvider options', code: 'CONFIG_INVALID', name: 'options' });
const streamArguments = streamArgumentsParser('anthropic', AnthropicRequestSchema);

/**
 * A {@link ModelProvider} for the Anthropic Messages API. Each call POSTs `{baseURL}/v1/messages`
 * with `stream: true`, `max_tokens`, the App's extra `body`, system content in the top-level
 * `system`, the stage's tools as `{ name, description, input_schema }` (with
 * `eager_input_streaming: true` under `fineGrainedToolStreaming`), and headers `x-api-key`
 * (when a key is given) and `anthropic-version: 2023-06-01` (unless overridden). It streams text
 * deltas, tool-call deltas and one finish chunk. HTTP and wire failures are `PROVIDER_FAILED`
 * (status, body excerpt, `retryable`, `retryAfterMs`); the API key never appears in them. A
 * request with nothing to send but system text is `INPUT_INVALID` (`request.messages`), thrown
 * by `stream` itself.
 *
 * @throws AgentCoreError `CONFIG_INVALID` naming the option (`AnthropicProviderOptionsSchema`),
 *   with a `suggestion` for a misspelt one (`maxToken` → `maxTokens`); never echoing a key, header or URL.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  const { model, maxTokens, apiKey, baseURL = 'https://api.anthropic.com', headers, body = {}, fetch, fineGrainedToolStreaming = false } = optionsDoor.parse(options);
  return createEventStreamProvider({
    id: 'anthropic',
    model: typeof body.model === 'string' ? body.model : model,
    url: endpointUrl(baseURL, '/v1/messages'),
    apiKey,
    headers: { 'anthropic-version': ANTHROPIC_VERSION, ...(apiKey === undefined || apiKey === '' ? {} : { 'x-api-key': apiKey }) },
    appHeaders: headers,
    fetch: (fetch as typeof globalThis.fetch | undefined) ?? globalThis.fetch,
    streamArguments,
    body: (request) => {
      const conversation = toAnthropicMessages(request.messages);
      return {
        model,
        max_tokens: maxTokens,
        ...body,
        system: conversation.system,
        messages: conversation.messages,
        tools: request.tools.length === 0 ? undefined : toAnthropicTools(request.tools, fineGrainedToolStreaming),
        stream: true,
      };
    },
    createState: (secrets) => new AnthropicStreamState(secrets),
  });
}
