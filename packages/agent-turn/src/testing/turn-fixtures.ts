import type { ContextFragment, JsonObject, OperationContext, SubFlowLog } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';

/** Test fixtures of the turn kit: tools, fragments, a logger that keeps its records. */

export const LOOKUP_ORDER = { id: 'lookupOrder', description: 'Look an order up by id', parameters: Type.Object({ orderId: Type.String() }) };
export const REFUND = { id: 'refund', description: 'Refund an order', parameters: Type.Object({ orderId: Type.String(), cents: Type.Integer({ minimum: 1 }) }) };
export const REPLY = { id: 'reply', description: 'Reply to the customer', parameters: Type.Object({ text: Type.String() }) };

export const FRAGMENTS: ContextFragment[] = [
  { id: 'policy', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 200, role: 'system', value: 'You are the support agent of a shop.' },
  { id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 200, role: 'user', value: 'Where is order 7? Refund it if lost.' },
];

/** One record a {@link MemoryLogger} kept. */
export interface KeptRecord {
  readonly type: string;
  readonly data: JsonObject;
}

/** A `SubFlowLog` that keeps every record in order. */
export interface MemoryLogger extends SubFlowLog {
  readonly records: KeptRecord[];
  /** The records of one type. */
  of(type: string): JsonObject[];
}

export function memoryLogger(): MemoryLogger {
  const records: KeptRecord[] = [];
  const logger: MemoryLogger = {
    traceId: 'trace-1',
    flowId: 'flow-1',
    records,
    record(type, data = {}) {
      records.push({ type, data });
    },
    child: () => logger,
    of: (type) => records.filter((record) => record.type === type).map((record) => record.data),
  };
  return logger;
}

/** A context with a fresh signal (or `signal`) and `logger`. */
export function turnContext(logger?: SubFlowLog, signal: AbortSignal = new AbortController().signal): OperationContext<{ user: string }> {
  return { app: { user: 'ops' }, signal, ...(logger === undefined ? {} : { logger }) };
}
