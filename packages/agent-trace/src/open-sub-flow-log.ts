import type { JsonObject, SubFlowLog } from '@jangts/agent-types';
import * as Type from '@jangts/agent-types/internal/type';
import { parser } from '@jangts/agent-types/internal';
import { CHILD_DOOR, OPEN_DOOR } from './doors.js';
import { FLOW_START_TYPE } from './flow-start-type.js';
import { FlowNameSchema } from './flow-name.js';
import { randomFlowId } from './random-flow-id.js';
import { TraceIdSchema } from './trace-id.js';

/** How a store writes the records of its flows (see {@link openSubFlowLog}). */
export interface FlowWriter<TFlow> {
  /** The store's own state of one flow, made once when the flow opens (a file store's line head). */
  begin(traceId: string, flowId: string): TFlow;
  /** Checks one record of a flow (type, data, size; the store open) and queues it, or throws synchronously. */
  append(flow: TFlow, type: unknown, data: unknown): void;
}

const openArguments = /* @__PURE__ */ parser(Type.Object({ traceId: TraceIdSchema, name: Type.Optional(FlowNameSchema) }, { additionalProperties: false }), OPEN_DOOR);
const childName = /* @__PURE__ */ parser(FlowNameSchema, CHILD_DOOR);

/**
 * The `open(traceId, name)` of a store: reads its arguments through the door (`INPUT_INVALID`
 * naming `traceId` or `name`), then opens a root flow of the trace with a fresh flow id and records
 * its `flow.start` (`{ name }`, no data without a name). Its `child(name)` opens a flow below it
 * the same way, recording `{ parentFlowId, name? }`.
 */
export function openSubFlowLog<TFlow>(writer: FlowWriter<TFlow>, traceId: unknown, name: unknown): SubFlowLog {
  const read = openArguments.parse({ traceId, name });
  return startFlow(writer, read.traceId, undefined, read.name);
}

function startFlow<TFlow>(writer: FlowWriter<TFlow>, traceId: string, parentFlowId: string | undefined, name: string | undefined): SubFlowLog {
  const flowId = randomFlowId();
  const flow = writer.begin(traceId, flowId);
  const start: Record<string, string> = {};
  if (parentFlowId !== undefined) start.parentFlowId = parentFlowId;
  if (name !== undefined) start.name = name;
  writer.append(flow, FLOW_START_TYPE, parentFlowId === undefined && name === undefined ? undefined : start);
  return Object.freeze({
    traceId,
    flowId,
    ...(parentFlowId === undefined ? {} : { parentFlowId }),
    record: (type: string, data?: JsonObject): void => {
      writer.append(flow, type, data);
    },
    child: (child?: string): SubFlowLog => startFlow(writer, traceId, flowId, child === undefined ? undefined : childName.parse(child)),
  });
}
