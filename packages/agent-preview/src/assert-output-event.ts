import { AgentCoreError, type OutputEvent } from '@jangts/agent-types';

function invalid(field: string, expected: string): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `output event ${field} must be ${expected}`, { details: { field } });
}

function assertString(event: Record<string, unknown>, field: string): void {
  if (typeof event[field] !== 'string') throw invalid(field, 'a string');
}

/**
 * Checks the fields of a known output event; an object with an unknown `type` passes (it is
 * ignored, so a newer runner can add event types). Throws `INPUT_INVALID` naming the field.
 */
export function assertOutputEvent(event: unknown): asserts event is OutputEvent {
  if (typeof event !== 'object' || event === null) throw invalid('event', 'an object');
  const record = event as Record<string, unknown>;
  switch (record.type) {
    case 'stage-start':
      assertString(record, 'stageId');
      if (record.mode !== 'text' && record.mode !== 'tools') throw invalid('mode', '"text" or "tools"');
      if (!Array.isArray(record.toolIds) || !record.toolIds.every((toolId) => typeof toolId === 'string')) {
        throw invalid('toolIds', 'an array of strings');
      }
      return;
    case 'text-delta':
      assertString(record, 'stageId');
      assertString(record, 'text');
      return;
    case 'tool-call-delta':
      assertString(record, 'stageId');
      assertString(record, 'callId');
      assertString(record, 'toolId');
      assertString(record, 'argsDelta');
      return;
    case 'stage-end':
      assertString(record, 'stageId');
      if (typeof record.ok !== 'boolean') throw invalid('ok', 'a boolean');
      return;
    default:
      if (typeof record.type !== 'string') throw invalid('type', 'a string');
  }
}
