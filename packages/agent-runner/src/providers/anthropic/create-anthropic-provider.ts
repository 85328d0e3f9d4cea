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
  requirePositiveInteger,
  requireString,
} from '../shared/option-checks.js';
import type { AnthropicProviderOptions } from './anthropic-provider-options.js';
import { AnthropicStreamState } from './anthropic-stream-state.js';
import { toAnthropicMessages } from './to-anthropic-messages.js';
import { toAnthropicTools } from './to-anthropic-tools.js';

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
  const checked = checkOptionsObject(FACTORY, options);
  const model = requireString(FACTORY, checked, 'model');
  const maxTokens = requirePositiveInteger(FACTORY, checked, 'maxTokens');
  const apiKey = optionalString(FACTORY, checked, 'apiKey');
  const baseURL = checked.baseURL === undefined ? 'https://api.anthropic.com' : requireHttpUrl(FACTORY, checked, 'baseURL');
  const url = `${baseURL}/v1/messages`;
  const extraBody = optionalObject(FACTORY, checked, 'body') ?? {};
  const fetch = optionalFetch(FACTORY, checked, 'fetch') ?? globalThis.fetch;
  const headers = buildHeaders(
    FACTORY,
    {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'anthropic-version': ANTHROPIC_VERSION,
      ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }),
    },
    optionalHeaders(FACTORY, checked, 'headers'),
  );
  const secrets = collectSecrets(apiKey, headers);

  return {
    id: 'anthropic',
    stream(request: ProviderRequest, streamOptions: ProviderStreamOptions): AsyncIterable<string | ProviderChunk> {
      const body = () => {
        const conversation = toAnthropicMessages(request.messages);
        return {
          model,
          max_tokens: maxTokens,
          ...extraBody,
          system: conversation.system,
          messages: conversation.messages,
          tools: request.tools.length === 0 ? undefined : toAnthropicTools(request.tools),
          stream: true,
        };
      };
      return closableStream(streamOptions.signal, (signal) =>
        streamChunks(
          postEventStream({ provider: 'anthropic', url, headers, body, fetch, signal, secrets }),
          new AnthropicStreamState(secrets),
        ),
      );
    },
  };
}
