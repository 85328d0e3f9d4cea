import type { JsonObject, ModelProvider, SubFlowLog } from '@jangts/agent-types';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { fromAiSdkModel } from './providers/ai-sdk.js';
import { createAnthropicProvider } from './providers/anthropic.js';
import { createOpenAICompatibleProvider } from './providers/openai-compatible.js';

/** The `model.start` data of one call of `provider` that streams `text` and finishes. */
async function startRecord(provider: ModelProvider): Promise<JsonObject | undefined> {
  const records: { type: string; data: JsonObject }[] = [];
  const logger: SubFlowLog = { traceId: 't', flowId: 'f', record: (type, data = {}) => void records.push({ type, data }), child: () => logger };
  await new ModelRunner({ provider }).invoke({ input: 'hi', stageId: 'reply', context: { app: {}, signal: new AbortController().signal, logger } });
  return records.find((record) => record.type === 'model.start')?.data;
}

const openAIStream = () =>
  new Response(['data: {"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}', 'data: [DONE]', ''].join('\n\n'), {
    headers: { 'content-type': 'text/event-stream' },
  });

const anthropicStream = () =>
  new Response(
    [
      'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":1}}}',
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}',
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}',
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}',
      'event: message_stop\ndata: {"type":"message_stop"}',
      '',
    ].join('\n\n'),
    { headers: { 'content-type': 'text/event-stream' } },
  );

describe('the model a call asks for', () => {
  it('is the provider’s model, recorded on model.start (what chat {model} spans and gen_ai.request.model name)', async () => {
    const openAI = createOpenAICompatibleProvider({ baseURL: 'http://127.0.0.1:9/v1', model: 'gpt-x', fetch: () => Promise.resolve(openAIStream()) });
    expect(openAI.model).toBe('gpt-x');
    expect(await startRecord(openAI)).toMatchObject({ providerId: 'openai-compatible', model: 'gpt-x' });

    const anthropic = createAnthropicProvider({ model: 'claude-x', maxTokens: 10, fetch: () => Promise.resolve(anthropicStream()) });
    expect(anthropic.model).toBe('claude-x');
    expect(await startRecord(anthropic)).toMatchObject({ providerId: 'anthropic', model: 'claude-x' });

    expect(fromAiSdkModel(new MockLanguageModelV4({ provider: 'acme', modelId: 'm1' })).model).toBe('m1');

    const own: ModelProvider = {
      model: 'mine-1',
      async *stream() {
        yield 'ok';
      },
    };
    expect(await startRecord(own)).toMatchObject({ model: 'mine-1' });
  });

  it('is the App’s body.model when the body overrides the option', () => {
    expect(createOpenAICompatibleProvider({ baseURL: 'http://127.0.0.1:9/v1', model: 'gpt-x', body: { model: 'gpt-y' } }).model).toBe('gpt-y');
    expect(createAnthropicProvider({ model: 'claude-x', maxTokens: 10, body: { model: 'claude-y' } }).model).toBe('claude-y');
  });

  it('is left out of model.start for a provider that names none', async () => {
    const record = await startRecord({
      async *stream() {
        yield 'ok';
      },
    });
    expect(record).toBeDefined();
    expect(record).not.toHaveProperty('model');
  });
});
