import { AgentCoreError } from '@jangts/agent-types';
import type { ModelProvider } from '@jangts/agent-types';
import { createEventStreamProvider } from '../http/create-event-stream-provider.js';
import { checkOptionsObject, endpointUrl, optionalHeaderValue, requireHttpUrl, requirePositiveInteger, requireString } from '../shared/option-checks.js';
import type { AnthropicProviderOptions } from './anthropic-provider-options.js';
import { AnthropicStreamState } from './anthropic-stream-state.js';
import { toAnthropicMessages } from './to-anthropic-messages.js';
import { toAnthropicTools } from './to-anthropic-tools.js';
import { readingGuarded } from '../../reading-guarded.js';

const FACTORY = 'createAnthropicProvider';

/** The Messages API version sent unless the App's headers name another. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * A {@link ModelProvider} for the Anthropic Messages API. Each call POSTs `{baseURL}/v1/messages`
 * with `stream: true`, `max_tokens`, the App's extra `body`, system content in the top-level
 * `system`, the stage's tools as `{ name, description, input_schema }`, and headers `x-api-key`
 * (when a key is given) and `anthropic-version: 2023-06-01` (unless overridden). It streams text
 * deltas, tool-call deltas and one finish chunk. HTTP and wire failures are `PROVIDER_FAILED`
 * (status, body excerpt, `retryable`, `retryAfterMs`); the API key never appears in them.
 * Invalid options are `CONFIG_INVALID`.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  // A getter or proxy that throws while an option is read is CONFIG_INVALID, not what it threw.
  return readingGuarded('CONFIG_INVALID', 'options', () => buildAnthropicProvider(options));
}

function buildAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  const checked = checkOptionsObject(FACTORY, options, ['model', 'maxTokens', 'apiKey', 'baseURL', 'headers', 'body', 'fetch']);
  const model = requireString(FACTORY, checked, 'model');
  const maxTokens = requirePositiveInteger(FACTORY, checked, 'maxTokens');
  const apiKey = optionalHeaderValue(FACTORY, checked, 'apiKey');
  const baseURL = checked.baseURL === undefined ? 'https://api.anthropic.com' : requireHttpUrl(FACTORY, checked, 'baseURL');
  return createEventStreamProvider(FACTORY, checked, {
    id: 'anthropic',
    url: endpointUrl(baseURL, '/v1/messages'),
    apiKey,
    headers: { 'anthropic-version': ANTHROPIC_VERSION, ...(apiKey === undefined || apiKey === '' ? {} : { 'x-api-key': apiKey }) },
    body: (request, extraBody) => {
      const conversation = toAnthropicMessages(request.messages);
      if (conversation.messages.length === 0) {
        // The Messages API refuses an empty list (HTTP 400): say why before sending it.
        throw new AgentCoreError('INPUT_INVALID', 'anthropic provider: request.messages has no user or assistant content to send (system messages go to `system`, empty texts are left out, and the Messages API needs at least one message)', {
          details: { field: 'request.messages', providerId: 'anthropic' },
        });
      }
      return {
        model,
        max_tokens: maxTokens,
        ...extraBody,
        system: conversation.system,
        messages: conversation.messages,
        tools: request.tools.length === 0 ? undefined : toAnthropicTools(request.tools),
        stream: true,
      };
    },
    createState: (secrets) => new AnthropicStreamState(secrets),
  });
}
