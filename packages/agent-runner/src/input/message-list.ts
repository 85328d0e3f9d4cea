import type { ModelMessage, ToolProposal } from '@jangts/agent-types';
import { compileReader, createWalk, MAX_INPUT_ITEMS, rule, type RuleIssue } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/typebox';
import { deepFreeze, isDeepFrozenData } from './deep-freeze.js';
import { guardInput, refuse } from './input-guard.js';

/** What refuses a `system` message in a list: the system slot is filled only from checked fragments. */
const TRUST_ISSUE: RuleIssue = {
  rule: 'trust',
  problem: 'is a system message: the system slot is filled only from checked fragments of system or app trust (pass an assembled input or a conversation { context, history })',
  code: 'TRUST_VIOLATION',
};

/** Schema of an earlier tool call in an assistant message: its arguments a JSON object (the parsed arguments, not their JSON text). */
const ToolCallSchema = Type.Object({
  callId: Type.String({ minLength: 1 }),
  toolId: Type.String({ minLength: 1 }),
  args: Type.Record(Type.String(), Type.Unknown(), { expected: 'a JSON object (the parsed arguments, not their JSON text)' }),
});

/**
 * Schema of one message of a message list (an input list or a conversation's history): a user
 * message (the `fragmentIds` of an assembled input's message taken into a list are left out), an
 * assistant message with its tool calls, a tool result. A `system` message is `TRUST_VIOLATION`.
 * Members in the order of the role names a refusal lists.
 */
export const ListMessageSchema = Type.Union([
  rule(Type.Object({ role: Type.Literal('system') }), () => TRUST_ISSUE),
  Type.Object({ role: Type.Literal('user'), content: Type.String(), fragmentIds: Type.Optional(Type.Array(Type.String())) }, { additionalProperties: false }),
  Type.Object({ role: Type.Literal('assistant'), content: Type.String(), toolCalls: Type.Optional(Type.Array(ToolCallSchema)) }, { additionalProperties: false }),
  Type.Object({ role: Type.Literal('tool'), callId: Type.String({ minLength: 1 }), content: Type.String() }, { additionalProperties: false }),
]);

const readMessage = compileReader(ListMessageSchema);

type ReadMessage =
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls?: readonly ToolProposal[] }
  | { readonly role: 'tool'; readonly callId: string; readonly content: string };

/**
 * Messages the door checked that can never change, each to the frozen message the runner sends
 * for it: the runner's own frozen copies (to themselves), and App messages that were deep-frozen
 * data when checked. Such a message is taken as it is, without a walk.
 */
const checkedMessages = new WeakMap<object, ModelMessage>();

/** Frozen lists of such messages, to the frozen list the runner sends for them. */
const checkedLists = new WeakMap<readonly unknown[], readonly ModelMessage[]>();

/** The frozen message the runner sends for one it just read. */
function sendable(read: ReadMessage): ModelMessage {
  switch (read.role) {
    case 'user':
      return Object.freeze({ role: 'user', content: read.content });
    case 'tool':
      return Object.freeze({ role: 'tool', callId: read.callId, content: read.content });
    case 'assistant':
      return read.toolCalls === undefined ? Object.freeze({ role: 'assistant', content: read.content }) : deepFreeze({ role: 'assistant', content: read.content, toolCalls: read.toolCalls });
  }
}

/**
 * Reads a message list of the invoke request at `at` (`['input']`, `['input', 'history']`) into the
 * frozen list the provider receives. Each message is read once, or not at all when the door
 * checked it before and it cannot have changed (see {@link checkedMessages}); a frozen list of
 * such messages is taken whole. The length is checked before any item is read (a huge sparse list
 * or a proxy claiming a huge length is refused at once).
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field (`input[2].content`),
 * `TRUST_VIOLATION` for a `system` message.
 */
export function parseMessageList(list: unknown, at: readonly (string | number)[], allowEmpty: boolean): readonly ModelMessage[] {
  const walk = createWalk();
  walk.path.push(...at);
  const known = guardInput(walk, () => Array.isArray(list)) ? checkedLists.get(list as readonly unknown[]) : undefined;
  if (known !== undefined) return known;
  return guardInput(walk, () => {
    if (!Array.isArray(list)) return refuse(walk, { rule: 'type', problem: 'must be a list of messages', expected: 'a list of messages' });
    if (Object.getPrototypeOf(list) !== Array.prototype) refuse(walk, { rule: 'plain', problem: 'must be a plain list', expected: 'a list of messages' });
    const items = list as readonly unknown[];
    const length = items.length;
    if (length > MAX_INPUT_ITEMS) refuse(walk, { rule: 'size', problem: `is too large to check (over ${MAX_INPUT_ITEMS} items)`, limit: MAX_INPUT_ITEMS, actual: length });
    if (length === 0 && !allowEmpty) refuse(walk, { rule: 'length', problem: 'must not be empty (no messages)', limit: 1, actual: 0 });
    walk.items = length;
    const messages: ModelMessage[] = [];
    let unchanging = Object.isFrozen(items);
    for (let index = 0; index < length; index++) {
      walk.path.push(index);
      const item = items[index];
      if (item === undefined && !(index in items)) refuse(walk, { rule: 'hole', problem: 'is a hole in the list' });
      let message = typeof item === 'object' && item !== null ? checkedMessages.get(item) : undefined;
      if (message === undefined) {
        message = sendable(readMessage(item, walk) as ReadMessage);
        checkedMessages.set(message, message);
        if (isDeepFrozenData(item)) checkedMessages.set(item as object, message);
        else unchanging = false;
      } else if (message.role === 'system') {
        refuse(walk, TRUST_ISSUE);
      }
      messages.push(message);
      walk.path.pop();
    }
    const frozen = Object.freeze(messages);
    if (unchanging) checkedLists.set(items, frozen);
    return frozen;
  });
}

/** Registers the runner's own frozen message copies (an assembled input's messages), so that they are taken as they are when passed back. */
export function rememberMessage(message: ModelMessage): ModelMessage {
  checkedMessages.set(message, message);
  return message;
}
