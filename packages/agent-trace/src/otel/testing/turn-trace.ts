import type { JsonObject, LogRecord, ReflectionLogReader, SubFlowLog } from '@jangts/agent-types';

/**
 * One turn as the runner (`model.*`, packages/agent-runner/src/invocation-log.ts) and the turn kit
 * (`turn.*`, `tool.*`, @jangts/agent-turn's run-turn) record it, field for field: two steps, a
 * retried model call proposing two tools, one run (and making a model call in a child flow
 * `search`), one denied, then a text reply.
 */
export const TURN_TRACE: readonly { readonly flow: 'root' | 'child'; readonly type: string; readonly data?: JsonObject }[] = [
  { flow: 'root', type: 'turn.start', data: { stageId: 'agent', resumed: false, tools: ['search', 'delete'], historyMessages: 0, inputChars: 120, maxSteps: 4, maxToolCalls: 4, maxInputChars: 10_000, maxToolResultChars: 2_000 } },
  { flow: 'root', type: 'model.start', data: { stageId: 'agent', mode: 'tools', toolIds: ['search', 'delete'], messageCount: 2, inputChars: 120, providerId: 'openai-compatible' } },
  { flow: 'root', type: 'model.retry', data: { stageId: 'agent', attempt: 1, delayMs: 200, code: 'PROVIDER_FAILED', message: 'HTTP 503 from the provider' } },
  {
    flow: 'root',
    type: 'model.end',
    data: { stageId: 'agent', ok: true, durationMs: 410, attempts: 2, outputChars: 40, proposalCount: 2, warningCount: 0, finishReason: 'tool-calls', usage: { inputTokens: 50, outputTokens: 12 } },
  },
  { flow: 'root', type: 'turn.step', data: { step: 1, inputChars: 120, ok: true, outcome: 'tool-calls', textChars: 0, proposals: 2, finishReason: 'tool-calls', usage: { inputTokens: 50, outputTokens: 12 } } },
  { flow: 'root', type: 'tool.proposed', data: { step: 1, callId: 'call-1', toolId: 'search', argsChars: 18, valid: true } },
  { flow: 'root', type: 'tool.proposed', data: { step: 1, callId: 'call-2', toolId: 'delete', argsChars: 9, valid: true } },
  { flow: 'root', type: 'tool.decided', data: { step: 1, callId: 'call-1', toolId: 'search', approved: true, by: 'policy' } },
  { flow: 'root', type: 'tool.decided', data: { step: 1, callId: 'call-2', toolId: 'delete', approved: false, by: 'policy' } },
  { flow: 'child', type: 'model.start', data: { stageId: 'search', mode: 'text', toolIds: [], messageCount: 1, inputChars: 30, providerId: 'ai-sdk:anthropic.messages:claude-sonnet-4-5' } },
  { flow: 'child', type: 'model.end', data: { stageId: 'search', ok: true, durationMs: 120, attempts: 1, outputChars: 64, proposalCount: 0, warningCount: 0, finishReason: 'stop', usage: { inputTokens: 30, outputTokens: 16 } } },
  { flow: 'root', type: 'tool.result', data: { step: 1, callId: 'call-1', toolId: 'search', ok: true, status: 'ran', chars: 64 } },
  { flow: 'root', type: 'tool.result', data: { step: 1, callId: 'call-2', toolId: 'delete', ok: false, status: 'denied', code: 'DENIED', chars: 40 } },
  { flow: 'root', type: 'model.start', data: { stageId: 'agent', mode: 'tools', toolIds: ['search', 'delete'], messageCount: 5, inputChars: 300, providerId: 'openai-compatible' } },
  {
    flow: 'root',
    type: 'model.end',
    data: { stageId: 'agent', ok: true, durationMs: 300, attempts: 1, outputChars: 30, proposalCount: 0, warningCount: 0, finishReason: 'stop', usage: { inputTokens: 80, outputTokens: 20 } },
  },
  { flow: 'root', type: 'turn.step', data: { step: 2, inputChars: 300, ok: true, outcome: 'reply', textChars: 30, proposals: 0, finishReason: 'stop', usage: { inputTokens: 80, outputTokens: 20 } } },
  { flow: 'root', type: 'turn.end', data: { status: 'done', finalCalls: 0, steps: 2, toolCalls: 1, inputChars: 300, durationMs: 900 } },
];

/** Records {@link TURN_TRACE} into `root` (opening the child flow `search` when the tool runs); returns the child. */
export function recordTurnTrace(root: SubFlowLog): SubFlowLog {
  let child: SubFlowLog | undefined;
  for (const { flow, type, data } of TURN_TRACE) {
    if (flow === 'child') child ??= root.child('search');
    (flow === 'child' ? (child as SubFlowLog) : root).record(type, data);
  }
  return child as SubFlowLog;
}

/** The flow ids of {@link turnTraceRecords}. */
export const ROOT_FLOW = 'flow-root';
export const CHILD_FLOW = 'flow-search';

/**
 * {@link TURN_TRACE} as a store holds it: `flow.start` records, consecutive seqs, and record `n`
 * at `start + n * 100` ms (the child flow's `flow.start` just before its first record).
 */
export function turnTraceRecords(traceId: string, start = Date.UTC(2024, 4, 1, 10)): LogRecord[] {
  const records: LogRecord[] = [];
  const push = (flowId: string, type: string, data?: JsonObject): void => {
    const seq = records.length;
    records.push({ traceId, flowId, seq, at: new Date(start + seq * 100).toISOString(), type, ...(data === undefined ? {} : { data }) });
  };
  push(ROOT_FLOW, 'flow.start', { name: 'chat' });
  let opened = false;
  for (const { flow, type, data } of TURN_TRACE) {
    if (flow === 'child' && !opened) {
      push(CHILD_FLOW, 'flow.start', { parentFlowId: ROOT_FLOW, name: 'search' });
      opened = true;
    }
    push(flow === 'child' ? CHILD_FLOW : ROOT_FLOW, type, data);
  }
  return records;
}

/** A `ReflectionLogReader` over `records` (of one trace), `limit` at a time; it counts its reads. */
export function memoryReader(records: readonly LogRecord[]): ReflectionLogReader & { reads: number } {
  const reader = {
    reads: 0,
    read({ traceId, cursor, limit }: { traceId: string; cursor?: string; limit: number }) {
      reader.reads += 1;
      const from = cursor === undefined ? 0 : Number(cursor);
      const own = records.filter((record) => record.traceId === traceId);
      const page = own.slice(from, from + limit);
      const next = from + page.length;
      return Promise.resolve({ records: page, ...(next < own.length ? { cursor: String(next) } : {}), complete: true, gaps: [] });
    },
  };
  return reader;
}
