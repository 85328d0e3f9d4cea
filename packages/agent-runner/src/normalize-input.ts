import { AssembledInputSchema, ConversationSchema, ModelMessageSchema, type ModelMessage } from '@jangts/agent-types';
import { compileSchema, findNonJson, firstHole, inputError, MAX_JSON_CHECK_DEPTH, parser, type InputDoor } from '@jangts/agent-types/internal';
import { fieldPath } from './field-path.js';
import { inputInvalid } from './input-invalid.js';
import { isPlainObject } from './is-plain-object.js';
import { ARGS_MESSAGE, toolCallArgsIssue } from './tool-call-args-issue.js';

const messageValidator = compileSchema(ModelMessageSchema);
const INPUT_DOOR: InputDoor = { subject: 'invoke request', code: 'INPUT_INVALID', name: 'input', at: ['input'] };
const conversation = parser(ConversationSchema, INPUT_DOOR);
const assembledValidator = compileSchema(AssembledInputSchema);

/**
 * Turns an invoke input into the message list sent to the provider: a non-empty string is one
 * `user` message; an assembled input (from `assembleFragments` / `assembleContextPlan`) gives its
 * messages without their fragment ids; a message list is checked against `ModelMessageSchema`
 * (tool-call arguments must be JSON) and deep-copied (an assistant message's explicit
 * `toolCalls: undefined` counts as absent and is left out, and so does the `fragmentIds` list of
 * an assembled input's message taken into the list). Anything else, an empty string or no messages
 * is `INPUT_INVALID` naming the field.
 */
export function normalizeInput(input: unknown): readonly ModelMessage[] {
  if (typeof input === 'string') {
    if (input.length === 0) throw inputInvalid('input', 'is an empty string');
    return [{ role: 'user', content: input }];
  }
  if (Array.isArray(input)) return normalizeMessages(input);
  if (isPlainObject(input) && 'messages' in input) return normalizeAssembled(input);
  if (isPlainObject(input) && 'context' in input) return normalizeConversation(input);
  throw inputInvalid('input', 'must be a non-empty string, an assembled input { messages, fragmentUsage, inputChars }, a conversation { context, history }, or a list of messages');
}

function normalizeMessages(input: readonly unknown[]): readonly ModelMessage[] {
  if (input.length === 0) throw inputInvalid('input', 'is an empty message list');
  const messages: unknown[] = [];
  for (let index = 0; index < input.length; index++) {
    const message = withoutFragmentIds(withoutUndefinedToolCalls(input[index]));
    checkRole(message, index);
    if (isPlainObject(message) && message.role === 'system') {
      throw inputError(INPUT_DOOR, {
        path: [index],
        rule: 'trust',
        problem: 'is a system message: the system slot is filled only from checked fragments of system or app trust (pass an assembled input or a conversation { context, history })',
        code: 'TRUST_VIOLATION',
      });
    }
    const issue = messageValidator.issues(message, 1)[0];
    if (issue !== undefined) throw inputInvalid(fieldPath(`input[${index}]`, issue.path), `is not a model message: ${issue.message}`);
    const nonJson = findNonJson(message);
    if (nonJson !== undefined) {
      const tooDeep = nonJson.split('/').length > MAX_JSON_CHECK_DEPTH;
      throw inputInvalid(fieldPath(`input[${index}]`, nonJson), tooDeep ? `is nested deeper than ${MAX_JSON_CHECK_DEPTH} levels` : 'is not JSON');
    }
    const args = toolCallArgsIssue(message);
    if (args !== undefined) throw inputInvalid(fieldPath(`input[${index}]`, args), ARGS_MESSAGE);
    // A deep copy (the message is plain JSON): a provider editing its request, or the caller
    // editing its messages after the call, never reaches the other side.
    messages.push(structuredClone(message));
  }
  return messages as ModelMessage[];
}

const ROLES: readonly unknown[] = ['system', 'user', 'assistant', 'tool'];

/** A role outside the four is named as such (the schema's union would explain it by its first member's roles). */
function checkRole(message: unknown, index: number): void {
  if (!isPlainObject(message) || ROLES.includes(message.role)) return;
  throw inputInvalid(`input[${index}].role`, 'must be one of "system", "user", "assistant", "tool"');
}

/**
 * An assistant message with an explicit `toolCalls: undefined` (as `exactOptionalPropertyTypes`
 * code writes "none") is the message without it: `undefined` is not JSON, but here it means absent.
 */
function withoutUndefinedToolCalls(message: unknown): unknown {
  if (!isPlainObject(message) || message.role !== 'assistant' || !('toolCalls' in message) || message.toolCalls !== undefined) return message;
  const { toolCalls: _absent, ...rest } = message;
  return rest;
}

/**
 * A `system` or `user` message of an assembled input, taken into a message list
 * (`[...assembled.messages, …]`), is the message without its `fragmentIds` list: the ids are the
 * App's audit metadata, not part of what the model reads.
 */
function withoutFragmentIds(message: unknown): unknown {
  if (!isPlainObject(message) || (message.role !== 'system' && message.role !== 'user') || !Array.isArray(message.fragmentIds)) return message;
  const { fragmentIds: _ids, ...rest } = message;
  return rest;
}

/**
 * A conversation: the context's messages (system, then user) and the history after them, the
 * history keeping the trust rule (no system message) and its call/result pairs.
 */
function normalizeConversation(input: Record<string, unknown>): readonly ModelMessage[] {
  const { context, history } = conversation.parse(input);
  const messages: ModelMessage[] = context.messages.map(({ role, content }) => ({ role, content }));
  for (const message of history) messages.push(message.role === 'assistant' && message.toolCalls === undefined ? { role: 'assistant', content: message.content } : message);
  if (messages.length === 0) throw inputInvalid('input', 'is an empty conversation (no context messages and no history)');
  return messages;
}

function normalizeAssembled(input: Record<string, unknown>): readonly ModelMessage[] {
  const issue = assembledValidator.issues(input, 1)[0];
  if (issue !== undefined) throw inputInvalid(fieldPath('input', issue.path), `is not an assembled input: ${issue.message}`);
  const messages = input.messages as readonly { role: 'system' | 'user'; content: string }[];
  if (messages.length === 0) throw inputInvalid('input.messages', 'is empty (the assembled input has no content)');
  // The schema's checks skip holes.
  const hole = firstHole(messages);
  if (hole >= 0) throw inputInvalid(`input.messages[${hole}]`, 'is not an assembled message (a hole in the list)');
  return messages.map(({ role, content }) => ({ role, content }));
}
