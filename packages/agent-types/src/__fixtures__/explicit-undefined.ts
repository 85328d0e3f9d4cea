// Compiled by the `typecheck` task (tsconfig.exact.json) with `exactOptionalPropertyTypes: true`: every optional
// property of the public types takes an explicit `undefined` (what an App passes on from an optional
// value of its own). The package's own build runs with the flag off, where this proves nothing.
import type {
  AgentCoreErrorOptions,
  DiagnosticContext,
  InvokeRequest,
  LogPage,
  LogReadRequest,
  LogRecord,
  ModelMessage,
  ModelProvider,
  ModelResult,
  ModelUsage,
  OperationContext,
  OutputEvent,
  OutputSink,
  ProviderChunk,
  SubFlowLog,
} from '../index.js';

declare const maybe: <TValue>(value: TValue) => TValue | undefined;
declare const logger: SubFlowLog;
const signal = new AbortController().signal;

export const usage: ModelUsage = { inputTokens: maybe(1), outputTokens: maybe(2) };
export const result: ModelResult = { stageId: 's', value: 'hi', text: 'hi', proposals: [], finishReason: 'stop', usage: maybe(usage) };
export const finish: ProviderChunk = { type: 'finish', reason: 'stop', usage: maybe(usage) };
export const assistant: ModelMessage = { role: 'assistant', content: 'a', toolCalls: maybe([]) };
export const end: OutputEvent = { type: 'stage-end', stageId: 's', ok: false, code: maybe('ABORTED') };
export const provider: ModelProvider = { id: maybe('p'), stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true, value: undefined }) }) }) };
export const diagnostics: DiagnosticContext = { traceId: 't', spanId: 's', parentSpanId: maybe('p'), traceFlags: maybe(1), attributes: maybe({}) };
export const context: OperationContext<{ tenant: string }> = { app: { tenant: 't' }, signal, logger: maybe(logger), diagnostics: maybe(diagnostics) };
export const request: InvokeRequest<{ tenant: string }> = { input: 'x', stageId: 's', tools: maybe([]), signal: maybe(signal), context: maybe(context), sink: maybe({ output: maybe<OutputSink>({ write: () => undefined }) }) };
export const record: LogRecord = { traceId: 't', flowId: 'f', seq: 0, at: 'now', type: 'x', data: maybe({}) };
export const read: LogReadRequest = { traceId: 't', types: maybe(['x']), cursor: maybe('c'), limit: 1, signal };
export const page: LogPage = { records: [], cursor: maybe('c'), complete: true, gaps: [] };
export const flow: Pick<SubFlowLog, 'traceId' | 'flowId' | 'parentFlowId'> = { traceId: 't', flowId: 'f', parentFlowId: maybe('p') };
export const options: AgentCoreErrorOptions = { details: maybe({}), cause: maybe(new Error('x')) };
