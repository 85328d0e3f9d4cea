import { OperationContextSchema } from '@jangts/agent-types';
import { parser, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { ReflectionQuerySchema, type ReflectionQuery } from './reflection-query.js';

const LogSourceArgumentsSchema = Type.Object({ query: ReflectionQuerySchema, context: OperationContextSchema });

/** The door of the arguments of a log source's `authorize` and `query`: `INPUT_INVALID` naming `query.types[0]`, `context.signal`, … */
export function logSourceArgumentsDoor(sourceId: string): InputDoor {
  return { subject: `log source "${sourceId}"`, code: 'INPUT_INVALID', name: 'arguments' };
}

/** Reads a log source's `(query, context)` once, for callers other than the kit; its checked query and signal. */
export function logSourceArgumentsParser(sourceId: string): (query: unknown, context: unknown) => { query: ReflectionQuery; signal: AbortSignal } {
  const door = parser(LogSourceArgumentsSchema, logSourceArgumentsDoor(sourceId));
  return (query, context) => {
    const read = door.parse({ query, context });
    return { query: read.query, signal: read.context.signal };
  };
}
