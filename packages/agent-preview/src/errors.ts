import type { AgentCoreError } from '@jangts/agent-types';
import { describeValue, detailValue, inputError, type InputDoor } from '@jangts/agent-types/internal';

/*
 * Every AgentCoreError this package raises is made here, in the one form of the input door
 * (`<subject>: <field> <problem>`, details `{ field, path, rule, expected?, actual? }`). The
 * options of createReplyPreview and createPartialJsonReader are refused by their parsers; these
 * are the checks on the hot paths (an event per delta, a chunk per write), written by hand
 * because a parser call per event costs three times what reading the delta's JSON does.
 */

/** The door of the events `ReplyPreview.write` takes. */
const EVENT: InputDoor = { subject: 'reply preview event', code: 'INPUT_INVALID', name: 'event' };
/** The door of `PartialJsonReader.write`. */
const CHUNK: InputDoor = { subject: 'PartialJsonReader.write', code: 'INPUT_INVALID', name: 'chunk' };
/** The door of `parsePartialJson`. */
const TEXT: InputDoor = { subject: 'parsePartialJson', code: 'INPUT_INVALID', name: 'text' };

function wrongValue(door: InputDoor, path: readonly (string | number)[], expected: string, value: unknown): AgentCoreError {
  if (value === undefined && path.length > 0) return inputError(door, { path, rule: 'required', problem: 'is required', expected });
  return inputError(door, { path, rule: 'type', problem: `must be ${expected} (got ${describeValue(value)})`, expected, actual: detailValue(value) });
}

/** An output event, or its field at `path`, is not what it must be (`expected`); a missing field is `required`. */
export function eventInvalid(path: readonly (string | number)[], expected: string, value: unknown): AgentCoreError {
  return wrongValue(EVENT, path, expected, value);
}

/** A hole in an output event's list (`toolIds`). */
export function eventHole(path: readonly (string | number)[]): AgentCoreError {
  return inputError(EVENT, { path, rule: 'hole', problem: 'is a hole in the list' });
}

/** Reading an output event threw (a getter, a proxy trap): `cause` is what it threw. */
export function eventUnreadable(cause: unknown): AgentCoreError {
  return inputError(EVENT, { path: [], rule: 'readable', problem: 'could not be read (reading it threw)', cause });
}

/** `PartialJsonReader.write` was given something other than a string. */
export function chunkInvalid(value: unknown): AgentCoreError {
  return wrongValue(CHUNK, [], 'a string', value);
}

/** `parsePartialJson` was given something other than a string. */
export function textInvalid(value: unknown): AgentCoreError {
  return wrongValue(TEXT, [], 'a string', value);
}
