import type { JsonObject, SubFlowLog } from '@jangts/agent-types';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createDiagnosticContext } from './diagnostics/create-diagnostic-context.js';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';
import { createProviderError } from './provider-failure.js';

interface Recorded {
  readonly type: string;
  readonly data: JsonObject;
}

function memoryLog(): SubFlowLog & { records: Recorded[] } {
  const records: Recorded[] = [];
  const log = {
    traceId: 't1',
    flowId: 'f1',
    records,
    record(type: string, data: JsonObject = {}) {
      records.push({ type, data: JSON.parse(JSON.stringify(data)) as JsonObject });
    },
    child: () => log,
  };
  return log;
}

const context = (logger: SubFlowLog, extra: object = {}) => ({ app: {}, signal: new AbortController().signal, logger, ...extra });
const replyTool = { id: 'reply', description: '', parameters: Type.Object({ text: Type.String() }) };

describe('ModelRunner', () => {
  it('records start and end with sizes, finish reason, usage and duration, without content by default', async () => {
    const logger = memoryLog();
    const provider = createScriptedProvider([{ text: 'secret answer', usage: { inputTokens: 3, outputTokens: 2 } }], { id: 'scripted-a' });
    await new ModelRunner({ provider }).invoke({ input: 'secret question', stageId: 'reply', context: context(logger) });
    expect(logger.records.map((record) => record.type)).toEqual(['model.start', 'model.end']);
    expect(logger.records[0]?.data).toEqual({
      stageId: 'reply',
      mode: 'text',
      toolIds: [],
      messageCount: 1,
      inputChars: 15,
      providerId: 'scripted-a',
    });
    expect(logger.records[1]?.data).toMatchObject({
      stageId: 'reply',
      ok: true,
      attempts: 1,
      outputChars: 13,
      proposalCount: 0,
      warningCount: 0,
      finishReason: 'stop',
      usage: { inputTokens: 3, outputTokens: 2 },
    });
    expect(typeof logger.records[1]?.data.durationMs).toBe('number');
    expect(JSON.stringify(logger.records)).not.toContain('secret');
  });

  it.each<[string, string]>([
    ['arguments that are not JSON', 'SECRET-hunter2 not json'],
    ['arguments with a key the schema refuses', '{"text":"a","SECRET-hunter2":1}'],
  ])('keeps model output out of the end record of a call failing on %s, unless content is recorded', async (_, argsDelta) => {
    const steps = () => createScriptedProvider([[{ type: 'tool-call', callId: 'c1', toolId: 'reply', argsDelta }, { type: 'finish', reason: 'tool-calls' }]]);
    const strictReply = { ...replyTool, parameters: Type.Object({ text: Type.String() }, { additionalProperties: false }) };
    const logger = memoryLog();
    const error: unknown = await new ModelRunner({ provider: steps() }).invoke({ input: 'x', stageId: 'reply', tools: [strictReply], context: context(logger) }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'OUTPUT_INVALID', message: expect.stringContaining('SECRET-hun') as string });
    expect(logger.records[1]?.data).toMatchObject({ ok: false, code: 'OUTPUT_INVALID', message: expect.stringContaining('content not recorded') as string });
    expect(JSON.stringify(logger.records)).not.toContain('SECRET');
    const withContent = memoryLog();
    await new ModelRunner({ provider: steps(), recordContent: true }).invoke({ input: 'x', stageId: 'reply', tools: [strictReply], context: context(withContent) }).catch(() => undefined);
    expect(withContent.records[1]?.data.message).toBe((error as Error).message);
  });

  it('counts in inputChars the JSON text of earlier tool-call arguments, as outputChars counted them', async () => {
    const logger = memoryLog();
    const args = { long: 'x'.repeat(100) };
    const input = [
      { role: 'user' as const, content: 'abc' },
      { role: 'assistant' as const, content: 'de', toolCalls: [{ callId: 'c1', toolId: 'reply', args }] },
      { role: 'tool' as const, callId: 'c1', content: 'fgh' },
    ];
    await new ModelRunner({ provider: createScriptedProvider(['ok']) }).invoke({ input, stageId: 'reply', context: context(logger) });
    expect(logger.records[0]?.data.inputChars).toBe(3 + 2 + JSON.stringify(args).length + 3);
  });

  it('records messages, text and proposals only when recordContent is on', async () => {
    const logger = memoryLog();
    const provider = createScriptedProvider([{ text: 'ok', toolCalls: [{ toolId: 'reply', callId: 'c', args: { text: 'hi' } }] }]);
    await new ModelRunner({ provider, recordContent: true }).invoke({ input: 'question', stageId: 'act', tools: [replyTool], context: context(logger) });
    expect(logger.records[0]?.data.messages).toEqual([{ role: 'user', content: 'question' }]);
    expect(logger.records[1]?.data).toMatchObject({ text: 'ok', proposals: [{ callId: 'c', toolId: 'reply', args: { text: 'hi' } }] });
  });

  it('records the error code of a failed call and every retry', async () => {
    const logger = memoryLog();
    const provider = createScriptedProvider([{ error: createProviderError('busy', { status: 503 }) }, { error: new Error('down') }]);
    await new ModelRunner({ provider, retry: { baseDelayMs: 0 } })
      .invoke({ input: 'x', stageId: 's', context: context(logger) })
      .catch(() => undefined);
    expect(logger.records.map((record) => record.type)).toEqual(['model.start', 'model.retry', 'model.end']);
    expect(logger.records[1]?.data).toMatchObject({ attempt: 1, delayMs: 0, code: 'PROVIDER_FAILED', message: 'busy' });
    expect(logger.records[2]?.data).toMatchObject({ ok: false, attempts: 2, code: 'PROVIDER_FAILED' });
  });

  it('records a failure raised because the wait before the next try would pass timeoutMs as that failure, not TIMEOUT', async () => {
    const logger = memoryLog();
    const provider = createScriptedProvider([{ error: createProviderError('HTTP 503 from the model server', { status: 503, retryAfterMs: 2000 }) }, 'never']);
    const error = await new ModelRunner({ provider, timeoutMs: 50 }).invoke({ input: 'x', stageId: 's', context: context(logger) }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'PROVIDER_FAILED' });
    expect(logger.records.map((record) => record.type)).toEqual(['model.start', 'model.end']);
    expect(logger.records[1]?.data).toMatchObject({ ok: false, attempts: 1, code: 'PROVIDER_FAILED', message: 'HTTP 503 from the model server' });
  });

  it('records a sink failure as model.warning', async () => {
    const logger = memoryLog();
    const sink = {
      write() {
        throw new Error('sink broke');
      },
    };
    await new ModelRunner({ provider: createScriptedProvider(['a']), sink: { output: sink } }).invoke({ input: 'x', stageId: 's', context: context(logger) });
    expect(logger.records.map((record) => record.type)).toEqual(['model.start', 'model.warning', 'model.end']);
    expect(logger.records[1]?.data).toMatchObject({ code: 'SINK_FAILED', details: { event: 'stage-start' } });
    expect(logger.records[2]?.data).toMatchObject({ warningCount: 1 });
  });

  it('opens a child span of context.diagnostics and puts its ids in every record and in the result', async () => {
    const logger = memoryLog();
    const parent = createDiagnosticContext();
    const result = await new ModelRunner({ provider: createScriptedProvider(['a']) }).invoke({
      input: 'x',
      stageId: 's',
      context: context(logger, { diagnostics: parent }),
    });
    expect(result.diagnostics).toMatchObject({ traceId: parent.traceId, parentSpanId: parent.spanId, attributes: { 'agent_core.stage_id': 's' } });
    expect(result.diagnostics?.spanId).not.toBe(parent.spanId);
    const span = { traceId: parent.traceId, spanId: result.diagnostics?.spanId, parentSpanId: parent.spanId };
    for (const record of logger.records) expect(record.data.span).toEqual(span);
  });

  it('keeps the result when the logger throws, reporting LOG_FAILED', async () => {
    const logger: SubFlowLog = {
      traceId: 't',
      flowId: 'f',
      record() {
        throw new Error('disk full');
      },
      child: () => logger,
    };
    const result = await new ModelRunner({ provider: createScriptedProvider(['a']) }).invoke({ input: 'x', stageId: 's', context: context(logger) });
    expect(result.value).toBe('a');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['LOG_FAILED', 'LOG_FAILED']);
  });

  it('records the metadata without the content when the logger refuses a record with content (too large)', async () => {
    const logger = memoryLog();
    const record = logger.record.bind(logger);
    logger.record = (type: string, data: JsonObject = {}) => {
      if (JSON.stringify(data).length > 1_000) throw new Error('record too large');
      record(type, data);
    };
    const runner = new ModelRunner({ provider: createScriptedProvider(['answer']), recordContent: true });
    const result = await runner.invoke({ input: 'x'.repeat(5_000), stageId: 'big', context: context(logger) });
    expect(result.warnings.map((warning) => warning.code)).toEqual(['LOG_FAILED']);
    const [start, end] = logger.records;
    expect(start).toMatchObject({ type: 'model.start', data: { stageId: 'big', inputChars: 5_000, contentOmitted: ['messages'] } });
    expect(start?.data.messages).toBeUndefined();
    // The end record was small enough to keep its content.
    expect(end).toMatchObject({ type: 'model.end', data: { ok: true, text: 'answer' } });
  });

  it('reports an async logger that rejects as LOG_FAILED, never as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const warnings: string[] = [];
      const logger: SubFlowLog = {
        traceId: 't',
        flowId: 'f',
        // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async logger is what is tested
        record: () => Promise.reject(new Error('database down')),
        child: () => logger,
      };
      const runner = new ModelRunner({ provider: createScriptedProvider(['a']), onWarning: (warning) => void warnings.push(warning.code) });
      const result = await runner.invoke({ input: 'x', stageId: 's', context: context(logger) });
      expect(result.value).toBe('a');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warnings).toEqual(['LOG_FAILED', 'LOG_FAILED']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('records nothing without a logger and adds no diagnostics without context.diagnostics', async () => {
    const result = await new ModelRunner({ provider: createScriptedProvider(['a']) }).invoke({ input: 'x', stageId: 's', context: { app: {}, signal: new AbortController().signal } });
    expect(result.diagnostics).toBeUndefined();
  });
});
