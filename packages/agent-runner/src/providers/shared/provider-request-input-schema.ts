import * as Type from '@jangts/agent-types/internal/type';
import { ModelMessageSchema, ProviderRequestSchema, ToolProposalSchema } from '@jangts/agent-types';
import { rule } from '@jangts/agent-types/internal';

const [plainMessage, assistantMessage, toolMessage] = ModelMessageSchema.anyOf;

/** An earlier tool call as a direct caller may write it: `args` may be left out (sent as `{}`). */
const ToolCallInputSchema = Type.Object({ ...ToolProposalSchema.properties, args: Type.Optional(Type.Unknown()) });

const RequestSchema = Type.Object({
  ...ProviderRequestSchema.properties,
  messages: Type.Array(
    Type.Union([plainMessage, Type.Object({ ...assistantMessage.properties, toolCalls: Type.Optional(Type.Array(ToolCallInputSchema)) }, { additionalProperties: false }), toolMessage]),
  ),
});

/**
 * `ProviderRequestSchema` as a provider's `stream` reads the request it is called with: an
 * earlier tool call's `args` may be left out (it is sent as `{}`), and, when given, is a JSON
 * object (the parsed arguments). A string of JSON (the raw OpenAI `arguments`), a number, a list
 * or `null` would go out double-encoded, or as an `input` the Messages API rejects.
 */
export const ProviderRequestInputSchema = rule(RequestSchema, (request) => {
  for (const [index, message] of request.messages.entries()) {
    if (message.role !== 'assistant') continue;
    for (const [position, call] of (message.toolCalls ?? []).entries()) {
      const { args } = call;
      if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
        return { path: ['messages', index, 'toolCalls', position, 'args'], rule: 'type', problem: 'must be a JSON object (the parsed arguments, not their JSON text)', expected: 'a JSON object' };
      }
    }
  }
  return undefined;
});
