import { isPlainObject } from './is-plain-object.js';

/**
 * The JSON pointer (`/toolCalls/0/args`, from the message) of the first earlier tool call in an
 * assistant message whose `args` is not an object, or `undefined`. Tool arguments are JSON objects
 * (a tool's parameters are an object schema): a string of JSON (raw OpenAI `arguments`), a number
 * or `null` would go out double-encoded, as an invalid Anthropic `input`, or be rewritten.
 */
export function toolCallArgsIssue(message: unknown): string | undefined {
  if (!isPlainObject(message) || message.role !== 'assistant' || !Array.isArray(message.toolCalls)) return undefined;
  const calls: readonly unknown[] = message.toolCalls;
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index];
    // `undefined` is no arguments (`{}`, as a provider sends it); the runner's own JSON check refuses it first.
    if (isPlainObject(call) && call.args !== undefined && !isPlainObject(call.args)) return `/toolCalls/${index}/args`;
  }
  return undefined;
}

/** What a {@link toolCallArgsIssue} is refused with. */
export const ARGS_MESSAGE = 'must be a JSON object (the parsed arguments, not their JSON text)';
