import { AssembledInputSchema, type ModelMessage } from '@jangts/agent-types';
import { createWalk, parser, reference, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { INVOKE_DOOR, invokeRequestError } from '../errors.js';
import { isDeepFrozenData, isFrozenPlain } from './deep-freeze.js';
import { isCheckedList, parseMessageList, rememberMessage } from './message-list.js';
import { guardInput } from './input-guard.js';
import { systemSlotIssue } from './system-slot.js';

const INPUT_DOOR = { ...INVOKE_DOOR, at: ['input'] } as const;

/** Schema of an assembled input as a model input: what `assembleFragments` / `assembleContextPlan` return, with at least one message. */
const AssembledModelInputSchema = rule(AssembledInputSchema, (input) =>
  input.messages.length === 0 ? { path: ['messages'], rule: 'length', problem: 'must not be empty (the assembled input has no content)', limit: 1, actual: 0 } : systemSlotIssue(input),
);

/** Schema of a conversation's context: an assembled input keeping the trust rule of its system slot. */
const ConversationContextSchema = rule(AssembledInputSchema, systemSlotIssue);

const assembled = /* @__PURE__ */ parser(AssembledModelInputSchema, INPUT_DOOR);

const anything = reference<unknown>('any value', () => true);

/**
 * Schema of a conversation as a model input: a checked context and its history (read by the
 * message-list reader, which takes checked messages by identity). The other fields of an
 * `AssembledConversation` are allowed and not read: the runner has no use for them.
 */
const ConversationInputSchema = Type.Object(
  {
    context: ConversationContextSchema,
    history: anything,
    historyUsage: Type.Optional(anything),
    inputChars: Type.Optional(anything),
    audit: Type.Optional(anything),
  },
  { additionalProperties: false },
);

const conversation = /* @__PURE__ */ parser(ConversationInputSchema, INPUT_DOOR);

/** Conversations that can never change (frozen, their context deep-frozen data, their history a frozen list of such messages), to the frozen list the runner sends for them. */
const checkedConversations = new WeakMap<object, readonly ModelMessage[]>();

/**
 * True when `input`, a conversation just read, can never change: its messages are then taken whole
 * next time. Its fields are then data properties, read here without running a getter.
 */
function unchangingConversation(input: object): boolean {
  try {
    if (Array.isArray(input) || !isFrozenPlain(input)) return false;
    const { context, history } = input as { readonly context?: unknown; readonly history?: unknown };
    return isDeepFrozenData(context) && Array.isArray(history) && isCheckedList(history);
  } catch {
    return false;
  }
}

function contextMessages(messages: readonly { readonly role: 'system' | 'user'; readonly content: string }[]): ModelMessage[] {
  return messages.map(({ role, content }) => rememberMessage(Object.freeze({ role, content })));
}

/**
 * Turns an invoke request's `input` into the frozen message list the provider receives: a
 * non-empty string is one `user` message; an assembled input gives its messages without their
 * fragment ids; a conversation its context's messages, then its history (no `system` message, every
 * tool call paired with its result); a message list its messages (no `system` message, the same pairing). Messages
 * the runner checked before and that cannot have changed are taken as they are.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field (`input`, `input[2].role`,
 * `input.history[0]`), `TRUST_VIOLATION` for a `system` message in a list or a history, or an
 * assembled input's system message not made of fragments of system or app trust by its own usage
 * table; `PLAN_VIOLATION` for a list or a history whose calls and results do not pair.
 */
export function parseModelInput(input: unknown): readonly ModelMessage[] {
  if (typeof input === 'string') {
    if (input.length === 0) throw invokeRequestError({ path: ['input'], rule: 'length', problem: 'must not be empty', limit: 1, actual: 0 });
    return Object.freeze([Object.freeze({ role: 'user', content: input })]);
  }
  const walk = createWalk();
  walk.path.push('input');
  // Asking even whether it is a list can throw (a revoked proxy): through the guard, naming the field.
  if (guardInput(walk, () => Array.isArray(input))) return parseMessageList(input, ['input'], { allowEmpty: false });
  const known = typeof input === 'object' && input !== null ? checkedConversations.get(input) : undefined;
  if (known !== undefined) return known;
  const form = typeof input === 'object' && input !== null ? guardInput(walk, () => ('context' in input ? 'conversation' : 'messages' in input ? 'assembled' : undefined)) : undefined;
  if (form === undefined) {
    throw invokeRequestError({
      path: ['input'],
      rule: 'type',
      problem: 'must be a non-empty string, an assembled input { messages, fragmentUsage, inputChars }, a conversation { context, history }, or a list of messages',
      expected: 'a string, an assembled input, a conversation or a list of messages',
    });
  }
  if (form === 'assembled') return Object.freeze(contextMessages(assembled.parse(input).messages));
  const read = conversation.parse(input);
  const messages = parseMessageList(read.history, ['input', 'history'], { allowEmpty: true, head: contextMessages(read.context.messages) });
  if (messages.length === 0) throw invokeRequestError({ path: ['input'], rule: 'length', problem: 'is an empty conversation (no context messages and no history)', limit: 1, actual: 0 });
  if (unchangingConversation(input as object)) checkedConversations.set(input as object, messages);
  return messages;
}
