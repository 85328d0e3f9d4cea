import { rule } from '@jangts/agent-types/internal';
import { ProviderRequestInputSchema } from '../shared/provider-request-input-schema.js';

/**
 * A request as the Anthropic provider reads it: {@link ProviderRequestInputSchema}, with something
 * to send besides system text. System messages go to `system` and empty texts are left out (the
 * API rejects them), and the Messages API needs at least one message.
 */
export const AnthropicRequestSchema = rule(ProviderRequestInputSchema, (request) => {
  const sendable = request.messages.some((message) => {
    switch (message.role) {
      case 'system':
        return false;
      case 'tool':
        return true;
      case 'user':
        return message.content !== '';
      case 'assistant':
        return message.content !== '' || (message.toolCalls?.length ?? 0) > 0;
    }
  });
  return sendable
    ? undefined
    : { path: ['messages'], rule: 'content', problem: 'has no user or assistant content to send (system messages go to `system`, empty texts are left out, and the Messages API needs at least one message)' };
});
