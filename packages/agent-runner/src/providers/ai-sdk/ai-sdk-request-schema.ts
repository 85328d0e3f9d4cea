import { detailValue, rule } from '@jangts/agent-types/internal';
import { ProviderRequestInputSchema } from '../shared/provider-request-input-schema.js';

/**
 * A request as the AI SDK adapter reads it: {@link ProviderRequestInputSchema}, each tool result
 * answering an earlier assistant tool call (an AI SDK `tool-result` part names its tool, taken
 * from that call).
 */
export const AiSdkRequestSchema = rule(ProviderRequestInputSchema, (request) => {
  const called = new Set<string>();
  for (const [index, message] of request.messages.entries()) {
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) called.add(call.callId);
    if (message.role === 'tool' && !called.has(message.callId)) {
      return { path: ['messages', index, 'callId'], rule: 'unanswered', problem: 'answers no earlier tool call', actual: detailValue(message.callId) };
    }
  }
  return undefined;
});
