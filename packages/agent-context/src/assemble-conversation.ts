import {
  HistorySchema,
  type AssembledConversation,
  type ConversationRequest,
  type HistoryAudit,
  type HistoryMessage,
  type HistoryUsage,
} from '@jangts/agent-types';
import { parser, reference, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { MaxInputCharsSchema } from './assemble-fragments.js';
import { assembleWithinBudget } from './assemble-within-budget.js';
import { compactionError, inputBudgetError, toolResultBudgetError } from './errors.js';
import { fragmentsParser } from './fragments-parser.js';

const door: InputDoor = { subject: 'assembleConversation', code: 'CONFIG_INVALID', name: 'request' };

/** Schema of `ConversationRequest`; each fragment is read as `assembleFragments` reads it. */
export const ConversationRequestSchema = Type.Object(
  {
    fragments: reference<ConversationRequest['fragments']>('a list of context fragments', Array.isArray),
    history: HistorySchema,
    maxInputChars: MaxInputCharsSchema,
    maxToolResultChars: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    originalHistory: Type.Optional(HistorySchema),
  },
  { additionalProperties: false },
);

const conversationRequest = /* @__PURE__ */ parser(ConversationRequestSchema, door);
const parseFragments = fragmentsParser({ ...door, code: 'FRAGMENT_INVALID', at: ['fragments'] });

/**
 * Assembles a multi-step model input: the context from `fragments` (validated and assembled as
 * `assembleFragments` does) and the `history` after it, checked against one budget.
 *
 * - `history` holds user, assistant and tool messages only: a `system` message is
 *   `TRUST_VIOLATION` naming its index (the system slot is filled only from checked fragments);
 * - every tool result follows the assistant message that made its call, and every call has its
 *   result before the next user or assistant message and before the end: a break is
 *   `PLAN_VIOLATION` naming the message and the call id;
 * - each history message counts by its JSON text; `inputChars` (the context's characters plus
 *   the history's) over `maxInputChars` is `INPUT_BUDGET`, and so is a tool result longer than
 *   `maxToolResultChars`;
 * - with `originalHistory` (the history before the App compacted it), `history` may only drop
 *   messages of it, in order (a message it does not hold at that place is `PLAN_VIOLATION`), and
 *   `audit` lists what was kept and dropped.
 *
 * `historyUsage` has one row per history message, marking tool results as `tool` trust and the
 * model's own messages as `model`.
 *
 * @throws AgentCoreError, as `assembleConversation: <field> <problem>`: `CONFIG_INVALID` (a bad
 *   request field), what `assembleFragments` raises for a fragment (`fragments[2].id`),
 *   `TRUST_VIOLATION`, `PLAN_VIOLATION` and `INPUT_BUDGET`.
 */
export function assembleConversation(request: ConversationRequest): AssembledConversation {
  const { fragments, history, maxInputChars, maxToolResultChars, originalHistory } = conversationRequest.parse(request);
  const context = assembleWithinBudget(parseFragments(fragments, true), maxInputChars, door, ['fragments']);
  const historyUsage = history.map((message, index) => usageOf(message as HistoryMessage, index));
  let inputChars = context.inputChars;
  for (const row of historyUsage) inputChars += row.chars;
  if (maxToolResultChars !== undefined) {
    const index = history.findIndex((message) => message.role === 'tool' && message.content.length > maxToolResultChars);
    if (index >= 0) {
      const length = (history[index] as HistoryMessage).content.length;
      throw toolResultBudgetError(door, ['history', index, 'content'], length, maxToolResultChars);
    }
  }
  if (inputChars > maxInputChars) {
    const largest = [...historyUsage].sort((a, b) => b.chars - a.chars).slice(0, 3);
    const named = largest.map((row) => `history[${row.index}] (${row.role}, ${row.chars})`).join(', ');
    const measured = `is ${inputChars} characters (context ${context.inputChars}, history ${inputChars - context.inputChars})`;
    throw inputBudgetError(door, [], measured, inputChars, maxInputChars, `largest history messages: ${named}`);
  }
  const conversation = { context, history: history as HistoryMessage[], historyUsage, inputChars };
  return originalHistory === undefined ? conversation : { ...conversation, audit: compactionAudit(originalHistory as HistoryMessage[], history as HistoryMessage[]) };
}

function usageOf(message: HistoryMessage, index: number): HistoryUsage {
  const chars = JSON.stringify(message).length;
  switch (message.role) {
    case 'user':
      return { index, role: 'user', trust: 'user', chars, callIds: [] };
    case 'assistant':
      return { index, role: 'assistant', trust: 'model', chars, callIds: (message.toolCalls ?? []).map((call) => call.callId) };
    case 'tool':
      return { index, role: 'tool', trust: 'tool', chars, callIds: [message.callId] };
  }
}

/** What `history` kept of `original`: it must be `original` with messages dropped, nothing changed or moved. */
function compactionAudit(original: readonly HistoryMessage[], history: readonly HistoryMessage[]): HistoryAudit {
  const kept: number[] = [];
  let cursor = 0;
  for (let index = 0; index < history.length; index++) {
    while (cursor < original.length && !sameJson(original[cursor], history[index])) cursor++;
    if (cursor === original.length) {
      throw compactionError(door, ['history', index]);
    }
    kept.push(cursor);
    cursor += 1;
  }
  const keptSet = new Set(kept);
  const dropped = original.map((_, index) => index).filter((index) => !keptSet.has(index));
  const droppedCallIds = new Set<string>();
  for (const index of dropped) {
    const message = original[index] as HistoryMessage;
    if (message.role === 'tool') droppedCallIds.add(message.callId);
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) droppedCallIds.add(call.callId);
  }
  return { kept, dropped, droppedCallIds: [...droppedCallIds] };
}

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, index) => sameJson(item, (b as unknown[])[index]));
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
