import { AgentCoreError } from '@jangts/agent-types';
import { eventHole, eventInvalid, eventUnreadable } from './errors.js';

/** What {@link readOutputEvent} calls with the fields of the event it read. */
export interface OutputEventHandler<TResult> {
  stageStart(stageId: string, mode: 'text' | 'tools', toolIds: readonly string[]): TResult;
  textDelta(stageId: string, text: string): TResult;
  toolCallDelta(stageId: string, callId: string, toolId: string, argsDelta: string): TResult;
  stageEnd(stageId: string, ok: boolean): TResult;
}

function string(value: unknown, field: string): string {
  if (typeof value !== 'string') throw eventInvalid([field], 'a string', value);
  return value;
}

/** Copies a `toolIds` list, item by item (a hole is refused at once, even in a huge sparse list). */
function toolIdList(value: unknown): string[] {
  if (!Array.isArray(value)) throw eventInvalid(['toolIds'], 'a list of strings', value);
  const list = value as readonly unknown[];
  const copy: string[] = [];
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    if (typeof item !== 'string') throw item === undefined && !(index in list) ? eventHole(['toolIds', index]) : eventInvalid(['toolIds', index], 'a string', item);
    copy.push(item);
  }
  return copy;
}

/**
 * Reads an `OutputEvent` and hands its fields to `handler`; an object with an unknown `type` is
 * ignored (`undefined`), so that a newer runner may add event types. Each property is read once
 * (so a getter that answers differently later changes nothing) and checked where it is read, by
 * hand: this runs for every delta, where a parser call (a snapshot and a walk) would cost three
 * times what reading the delta's JSON does. Nothing is allocated for a delta.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field when the event is not an `OutputEvent`
 * (`rule: 'readable'` for the event when reading it throws: a getter, a proxy trap).
 */
export function readOutputEvent<TResult>(event: unknown, handler: OutputEventHandler<TResult>): TResult | undefined {
  if (typeof event !== 'object' || event === null) throw eventInvalid([], 'an object', event);
  // The fields an output event may carry, before they are checked.
  const loose = event as { readonly [field: string]: unknown };
  let type: unknown;
  let stageId: unknown;
  let first: unknown;
  let second: unknown;
  let third: unknown;
  try {
    ({ type, stageId } = loose);
    switch (type) {
      case 'tool-call-delta':
        ({ callId: first, toolId: second, argsDelta: third } = loose);
        break;
      case 'text-delta':
        first = loose.text;
        break;
      case 'stage-start':
        first = loose.mode;
        second = toolIdList(loose.toolIds);
        break;
      case 'stage-end':
        ({ ok: first, code: second } = loose);
        break;
      default:
        if (typeof type !== 'string') throw eventInvalid(['type'], 'a string', type);
        return undefined;
    }
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    throw eventUnreadable(error);
  }
  switch (type) {
    case 'tool-call-delta':
      return handler.toolCallDelta(string(stageId, 'stageId'), string(first, 'callId'), string(second, 'toolId'), string(third, 'argsDelta'));
    case 'text-delta':
      return handler.textDelta(string(stageId, 'stageId'), string(first, 'text'));
    case 'stage-start':
      if (first !== 'text' && first !== 'tools') throw eventInvalid(['mode'], '"text" or "tools"', first);
      return handler.stageStart(string(stageId, 'stageId'), first, second as string[]);
    case 'stage-end':
      if (typeof first !== 'boolean') throw eventInvalid(['ok'], 'a boolean', first);
      if (second !== undefined) string(second, 'code');
      return handler.stageEnd(string(stageId, 'stageId'), first);
  }
}
