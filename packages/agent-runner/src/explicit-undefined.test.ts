import { AgentCoreError, type ModelProvider, type ProviderRequest } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createAnthropicProvider } from './providers/anthropic.js';
import { createOpenAICompatibleProvider } from './providers/openai-compatible.js';
import { createScriptedProvider } from './providers/scripted.js';
import { createProviderError } from './provider-failure.js';

// Optional fields are typed `T | undefined` (exactOptionalPropertyTypes): an explicit `undefined`
// must mean "absent" at run time too.
const signal = new AbortController().signal;

describe('an explicit undefined optional field counts as absent', () => {
  it('in runner options, retry options and invoke requests', async () => {
    const runner = new ModelRunner({
      provider: createScriptedProvider(['ok'], { id: undefined, chunkDelayMs: undefined }),
      sink: { output: undefined },
      retry: { attempts: undefined, baseDelayMs: undefined, maxDelayMs: undefined },
      timeoutMs: undefined,
      maxOutputChars: undefined,
      recordContent: undefined,
      onWarning: undefined,
    });
    const result = await runner.invoke({ input: 'x', stageId: 's', tools: undefined, signal: undefined, context: undefined });
    expect(result.value).toBe('ok');
  });

  it('in an operation context, its logger and its diagnostic context', async () => {
    const runner = new ModelRunner({ provider: createScriptedProvider(['a', 'b']) });
    await runner.invoke({ input: 'x', stageId: 's', context: { app: {}, signal, logger: undefined, diagnostics: undefined } });
    const diagnostics = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), parentSpanId: undefined, traceFlags: undefined, attributes: undefined };
    const types: string[] = [];
    const logger = { traceId: 't', flowId: 'f', parentFlowId: undefined, record: (type: string) => void types.push(type), child: () => logger };
    await runner.invoke({ input: 'x', stageId: 's', context: { app: {}, signal, logger, diagnostics } });
    expect(types.length).toBeGreaterThan(0);
  });

  it("in an assistant message's toolCalls, which is left out of the provider request", async () => {
    const provider = createScriptedProvider(['ok']);
    await new ModelRunner({ provider }).invoke({
      input: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'a', toolCalls: undefined },
        { role: 'user', content: 'q2' },
      ],
      stageId: 's',
    });
    const request = provider.requests[0] as ProviderRequest;
    expect(request.messages[1]).toStrictEqual({ role: 'assistant', content: 'a' });
  });

  it('in a provider id, a finish chunk usage and its token counts', async () => {
    const provider = (usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined): ModelProvider => ({
      id: undefined,
      async *stream() {
        yield 'hi';
        yield { type: 'finish', reason: 'stop', usage };
      },
    });
    await expect(new ModelRunner({ provider: provider(undefined) }).invoke({ input: 'x', stageId: 's' })).resolves.toMatchObject({ value: 'hi' });
    const result = await new ModelRunner({ provider: provider({ inputTokens: undefined, outputTokens: 3 }) }).invoke({ input: 'x', stageId: 's' });
    expect(result.usage).toStrictEqual({ outputTokens: 3 });
  });

  it('in scripted replies, tool calls and failures', async () => {
    const provider = createScriptedProvider([
      { text: 'hi', toolCalls: undefined, finish: undefined, usage: undefined, chunkSize: undefined },
      { error: new Error('boom'), after: undefined },
    ]);
    const runner = new ModelRunner({ provider, retry: { attempts: 1 } });
    await expect(runner.invoke({ input: 'x', stageId: 's' })).resolves.toMatchObject({ value: 'hi' });
    await expect(runner.invoke({ input: 'x', stageId: 's' })).rejects.toThrow();
    expect(() => createScriptedProvider([{ toolCalls: [{ toolId: 't', args: undefined, argsText: undefined, callId: undefined }] }])).not.toThrow();
  });

  it('in provider factory options and provider error options', () => {
    expect(() => createOpenAICompatibleProvider({ baseURL: 'http://localhost:1/v1', model: 'm', apiKey: undefined, headers: undefined, body: undefined, fetch: undefined })).not.toThrow();
    expect(() => createAnthropicProvider({ model: 'm', maxTokens: 1, apiKey: undefined, baseURL: undefined, headers: undefined, body: undefined, fetch: undefined })).not.toThrow();
    const error = createProviderError('x', { status: undefined, retryable: undefined, retryAfterMs: undefined, providerId: undefined, details: undefined, cause: undefined });
    expect(error.details).toStrictEqual({ retryable: false });
    expect(new AgentCoreError('INPUT_INVALID', 'x', { details: undefined, cause: undefined }).details).toStrictEqual({});
  });
});
