import type { ModelMessage, ToolProposal } from '@jangts/agent-types';
import { compileReader, createWalk, HistoryCheck, historyIssue, MAX_INPUT_ITEMS, rule, type RuleIssue, type Walk } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
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

/** Frozen lists of such messages, to the frozen list the runner sends for them and (once asked) their history rules' break (`null`: none). */
const checkedLists = new WeakMap<readonly unknown[], { readonly messages: readonly ModelMessage[]; issue?: RuleIssue | null }>();

/**
 * A run of such messages, only ever appended to: the App's items and the messages sent for them,
 * and the history rules checked over all of them (while that check is not spent). Lists that
 * grow at their end (an agent loop's history) extend one run.
 */
interface MessageRun {
  readonly items: unknown[];
  readonly messages: ModelMessage[];
  check: HistoryCheck | undefined;
}

/** A list the door checked whose items are all such messages: the first `length` items of `run`. */
interface CheckedPrefix {
  readonly run: MessageRun;
  readonly length: number;
}

/** Each such list, by its last item. */
const checkedPrefixes = new WeakMap<object, CheckedPrefix>();

/** How far from its end a list is searched for the last item of a list checked before. */
const MAX_NEW_ITEMS = 64;

const NO_MESSAGES: readonly ModelMessage[] = Object.freeze([]);

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

/** How a message list is read: as an input list (not empty), or as a conversation's history (may be empty) sent after `head`. Either way its calls and results must pair. */
export interface MessageListForm {
  readonly allowEmpty: boolean;
  /** Messages sent before the list's (a conversation's context); none for an input list. */
  readonly head?: readonly ModelMessage[];
}

/**
 * Reads a message list of the invoke request at `at` (`['input']`, `['input', 'history']`) into the
 * frozen list the provider receives (`form.head`, then the list's messages). Each item is read
 * once, and each message checked once or not at all when the door checked it before and it
 * cannot have changed (see {@link checkedMessages}). A frozen list of such messages is taken
 * whole; a list that starts with one checked before (the same items, an agent loop's history
 * grown at its end) costs an identity comparison per item, and its new items only are checked
 * (as messages, and against the history rules). The length is checked before any item is read
 * (a huge sparse list or a proxy claiming a huge length is refused at once).
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field (`input[2].content`),
 * `TRUST_VIOLATION` for a `system` message, `PLAN_VIOLATION` for a list whose calls and results
 * do not pair.
 */
export function parseMessageList(list: unknown, at: readonly (string | number)[], form: MessageListForm): readonly ModelMessage[] {
  const walk = createWalk();
  walk.path.push(...at);
  const head = form.head ?? NO_MESSAGES;
  const known = guardInput(walk, () => Array.isArray(list)) ? checkedLists.get(list as readonly unknown[]) : undefined;
  // An empty frozen list checked as a history is still refused as an input list: read again below.
  if (known !== undefined && (form.allowEmpty || known.messages.length > 0)) {
    known.issue ??= historyIssue(known.messages) ?? null;
    if (known.issue !== null) refuse(walk, known.issue);
    return head.length === 0 ? known.messages : Object.freeze(head.concat(known.messages));
  }
  return guardInput(walk, () => {
    if (!Array.isArray(list)) return refuse(walk, { rule: 'type', problem: 'must be a list of messages', expected: 'a list of messages' });
    if (Object.getPrototypeOf(list) !== Array.prototype) refuse(walk, { rule: 'plain', problem: 'must be a plain list', expected: 'a list of messages' });
    const items = list as readonly unknown[];
    const length = items.length;
    if (length > MAX_INPUT_ITEMS) refuse(walk, { rule: 'size', problem: `is too large to check (over ${MAX_INPUT_ITEMS} items)`, limit: MAX_INPUT_ITEMS, actual: length });
    if (length === 0 && !form.allowEmpty) refuse(walk, { rule: 'length', problem: 'must not be empty (no messages)', limit: 1, actual: 0 });
    walk.items = length;
    const read = new ItemReader(items, walk);
    const prefix = read.checkedPrefix();
    const common = prefix?.length ?? 0;
    const run = prefix?.run;
    // Where the run ends now: it is extended in place only from its end.
    const runEnd = run?.items.length ?? 0;
    const fresh: ModelMessage[] = [];
    let unchanging = true;
    for (let index = common; index < length; index++) {
      const item = read.at(index);
      walk.path.push(index);
      let message = typeof item === 'object' && item !== null ? checkedMessages.get(item) : undefined;
      if (message === undefined) {
        message = sendable(readMessage(item, walk) as ReadMessage);
        // The copy of a message that can change is not remembered: most such copies are made afresh
        // every invoke, and one passed back is checked once then.
        if (isDeepFrozenData(item)) {
          checkedMessages.set(item as object, message);
          checkedMessages.set(message, message);
        } else {
          unchanging = false;
        }
      } else if (message.role === 'system') {
        refuse(walk, TRUST_ISSUE);
      }
      fresh.push(message);
      walk.path.pop();
    }
    const before = run === undefined ? NO_MESSAGES : common === run.messages.length ? run.messages : run.messages.slice(0, common);
    const messages = Object.freeze(head.concat(before, fresh));
    // The run this list is (the start of), for the next list that starts with it.
    let extended: MessageRun | undefined;
    if (unchanging && length > common) {
      if (run !== undefined && runEnd === common) {
        extended = run;
        for (let index = common; index < length; index++) run.items.push(read.at(index));
        run.messages.push(...fresh);
      } else {
        const items: unknown[] = run === undefined ? [] : run.items.slice(0, common);
        for (let index = common; index < length; index++) items.push(read.at(index));
        extended = { items, messages: (run === undefined ? [] : run.messages.slice(0, common)).concat(fresh), check: undefined };
      }
      checkedPrefixes.set(read.at(length - 1) as object, { run: extended, length });
    } else if (unchanging && run !== undefined) {
      extended = run;
    }
    if (unchanging && Object.isFrozen(items)) checkedLists.set(items, { messages: head.length === 0 ? messages : Object.freeze(before.concat(fresh)) });
    // The history rules, checked for the new messages only when the run's check reached the list's start.
    let check = extended !== undefined && run === extended && runEnd === common && run.check?.length === common ? run.check : undefined;
    if (extended !== undefined) extended.check = undefined;
    let issue: RuleIssue | undefined;
    if (check === undefined) {
      check = new HistoryCheck();
      for (let index = head.length; index < messages.length && issue === undefined; index++) issue = check.add(messages[index] as ModelMessage);
    } else {
      for (const message of fresh) if ((issue = check.add(message)) !== undefined) break;
    }
    if (issue !== undefined) refuse(walk, issue);
    if (extended !== undefined && extended.items.length === length) extended.check = check;
    issue = check.end();
    if (issue !== undefined) refuse(walk, issue);
    return messages;
  });
}

/**
 * Reads a list's items, each once: the last ones first (looking for the end of a list checked
 * before), then the others in order.
 */
class ItemReader {
  /** Items read from the end, the last first. */
  private readonly last: unknown[] = [];
  /** Items read from the start, in order. */
  private readonly first: unknown[] = [];

  constructor(
    private readonly items: readonly unknown[],
    private readonly walk: Walk,
  ) {}

  /** The item at `index`, read now or taken from an earlier read. */
  at(index: number): unknown {
    const { items, first, last } = this;
    if (index < first.length) return first[index];
    const fromEnd = items.length - 1 - index;
    if (fromEnd < last.length) return last[fromEnd];
    this.walk.path.push(index);
    const item = items[index];
    if (item === undefined && !(index in items)) refuse(this.walk, { rule: 'hole', problem: 'is a hole in the list' });
    this.walk.path.pop();
    first.push(item);
    return item;
  }

  /**
   * The longest start of the list that is a list checked before, found by its last item among
   * the list's last {@link MAX_NEW_ITEMS}: the prefix of the checked list up to the first item
   * that differs.
   */
  checkedPrefix(): CheckedPrefix | undefined {
    const { items, last, walk } = this;
    const length = items.length;
    for (let index = length - 1; index >= 0 && length - index <= MAX_NEW_ITEMS; index--) {
      walk.path.push(index);
      const item = items[index];
      if (item === undefined && !(index in items)) refuse(walk, { rule: 'hole', problem: 'is a hole in the list' });
      walk.path.pop();
      last.push(item);
      const found = typeof item === 'object' && item !== null ? checkedPrefixes.get(item) : undefined;
      if (found === undefined || found.length !== index + 1) continue;
      const known = found.run.items;
      let same = 0;
      while (same < index && this.at(same) === known[same]) same++;
      if (same === index) return found;
      return same === 0 ? undefined : { run: found.run, length: same };
    }
    return undefined;
  }
}

/** Registers the runner's own frozen message copies (an assembled input's messages), so that they are taken as they are when passed back. */
export function rememberMessage(message: ModelMessage): ModelMessage {
  checkedMessages.set(message, message);
  return message;
}

/** True when `list` is a frozen list of messages the door checked that can never change (taken whole when read again). */
export function isCheckedList(list: readonly unknown[]): boolean {
  return checkedLists.has(list);
}
