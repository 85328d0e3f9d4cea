import { randomBytes } from 'node:crypto';
import { AgentCoreError, type JsonObject, type SubFlowLog } from '@jangts/agent-types';
import { FLOW_START_TYPE } from '../flow-start-type.js';
import { createRecordHead, type RecordHead } from './pending-record.js';

/** Longest flow name, in UTF-16 code units. */
export const MAX_FLOW_NAME_LENGTH = 128;


/** Appends one record of the flow of `head`; validates and throws synchronously. */
export type FlowAppend = (head: RecordHead, type: unknown, data: unknown) => void;

/**
 * Opens a flow of `traceId` (a root flow without `parentFlowId`, a child flow with it) and
 * records its `flow.start`. The flow id is 12 random base64url characters.
 */
export function openFileSubFlowLog(append: FlowAppend, traceId: string, parentFlowId?: string, name?: unknown): SubFlowLog {
  if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > MAX_FLOW_NAME_LENGTH)) {
    throw new AgentCoreError('INPUT_INVALID', `name must be a non-empty string of at most ${MAX_FLOW_NAME_LENGTH} characters`, {
      details: { field: 'name', limit: MAX_FLOW_NAME_LENGTH },
    });
  }
  const flowId = randomBytes(9).toString('base64url');
  const head = createRecordHead(traceId, flowId);
  const start: Record<string, string> = {};
  if (parentFlowId !== undefined) start.parentFlowId = parentFlowId;
  if (name !== undefined) start.name = name;
  append(head, FLOW_START_TYPE, Object.keys(start).length === 0 ? undefined : start);
  return Object.freeze({
    traceId,
    flowId,
    ...(parentFlowId === undefined ? {} : { parentFlowId }),
    record: (type: string, data?: JsonObject): void => {
      append(head, type, data);
    },
    child: (childName?: string): SubFlowLog => openFileSubFlowLog(append, traceId, flowId, childName),
  });
}
