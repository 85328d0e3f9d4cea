import { AgentCoreError, type OutputEvent } from '@jangts/agent-types';
import { readingGuarded } from './reading-guarded.js';

function invalid(field: string, expected: string): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `output event ${field} must be ${expected}`, { details: { field } });
}

/** The fields every output event may carry, for checking without knowing its type yet. */
interface LooseEvent {
  readonly type?: unknown;
  readonly stageId?: unknown;
  readonly mode?: unknown;
  readonly toolIds?: unknown;
  readonly text?: unknown;
  readonly callId?: unknown;
  readonly toolId?: unknown;
  readonly argsDelta?: unknown;
  readonly ok?: unknown;
  readonly code?: unknown;
}

/**
 * Checks the fields of a known output event and returns a plain copy of them, read once; an
 * object with an unknown `type` passes (it is ignored, so a newer runner can add event types).
 * Throws `INPUT_INVALID` naming the field; a getter or proxy that throws is `INPUT_INVALID` for
 * `event` (`rule: 'readable'`).
 */
export function readOutputEvent(event: unknown): OutputEvent {
  return readingGuarded('INPUT_INVALID', 'output event', 'event', () => copyOutputEvent(event));
}

function copyOutputEvent(event: unknown): OutputEvent {
  if (typeof event !== 'object' || event === null) throw invalid('event', 'an object');
  const copy: { -readonly [K in keyof LooseEvent]: LooseEvent[K] } = { ...(event as LooseEvent) };
  const { toolIds } = copy;
  if (Array.isArray(toolIds)) {
    // Index by index, so a hole (read as undefined) is refused at once, even in a huge sparse list;
    // then a copy, so later writes to the caller's list change nothing.
    for (let index = 0; index < toolIds.length; index++) {
      if (typeof toolIds[index] !== 'string') throw invalid('toolIds', 'an array of strings');
    }
    copy.toolIds = toolIds.slice();
  }
  assertOutputEvent(copy);
  return copy as OutputEvent;
}

function assertOutputEvent(loose: LooseEvent): void {
  const { type } = loose;
  if (type === 'tool-call-delta') {
    if (typeof loose.stageId !== 'string') throw invalid('stageId', 'a string');
    if (typeof loose.callId !== 'string') throw invalid('callId', 'a string');
    if (typeof loose.toolId !== 'string') throw invalid('toolId', 'a string');
    if (typeof loose.argsDelta !== 'string') throw invalid('argsDelta', 'a string');
    return;
  }
  if (type === 'text-delta') {
    if (typeof loose.stageId !== 'string') throw invalid('stageId', 'a string');
    if (typeof loose.text !== 'string') throw invalid('text', 'a string');
    return;
  }
  if (type === 'stage-start') {
    if (typeof loose.stageId !== 'string') throw invalid('stageId', 'a string');
    if (loose.mode !== 'text' && loose.mode !== 'tools') throw invalid('mode', '"text" or "tools"');
    const { toolIds } = loose;
    if (!Array.isArray(toolIds) || !toolIds.every((toolId) => typeof toolId === 'string')) throw invalid('toolIds', 'an array of strings');
    return;
  }
  if (type === 'stage-end') {
    if (typeof loose.stageId !== 'string') throw invalid('stageId', 'a string');
    if (typeof loose.ok !== 'boolean') throw invalid('ok', 'a boolean');
    if (loose.code !== undefined && typeof loose.code !== 'string') throw invalid('code', 'a string (an error code) when given');
    return;
  }
  if (typeof type !== 'string') throw invalid('type', 'a string');
}
