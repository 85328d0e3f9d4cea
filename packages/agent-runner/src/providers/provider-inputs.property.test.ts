import { AgentCoreError, type ModelProvider } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromAiSdkModel } from './ai-sdk.js';
import { createAnthropicProvider } from './anthropic.js';
import { createOpenAICompatibleProvider } from './openai-compatible.js';

const SECRET = 'sk-property-0b7e';
const hello = { stageId: 'p', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

/** Arbitrary option objects around the valid ones: fields missing, of the wrong type, or odd. */
const optionsArbitrary = fc.record(
  {
    baseURL: fc.oneof(fc.constant('http://127.0.0.1:9/v1'), fc.webUrl(), fc.string(), fc.anything()),
    model: fc.oneof(fc.constant('m'), fc.string(), fc.anything()),
    maxTokens: fc.oneof(fc.constant(16), fc.integer(), fc.double(), fc.anything()),
    apiKey: fc.oneof(fc.constant(SECRET), fc.constant(`${SECRET}\n`), fc.anything()),
    headers: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.dictionary(fc.string(), fc.anything()), fc.anything()),
    body: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.anything()),
    fetch: fc.oneof(fc.constant(globalThis.fetch), fc.anything()),
  },
  { requiredKeys: [] },
);

const factories: readonly [string, (options: unknown) => ModelProvider][] = [
  ['createOpenAICompatibleProvider', (options) => createOpenAICompatibleProvider(options as never)],
  ['createAnthropicProvider', (options) => createAnthropicProvider(options as never)],
  ['fromAiSdkModel', (options) => fromAiSdkModel(options as never)],
];

describe.each(factories)('%s', (_name, factory) => {
  it('either builds a provider or throws CONFIG_INVALID, never another error and never the key', () => {
    fc.assert(
      fc.property(fc.oneof(optionsArbitrary, fc.anything()), (options) => {
        try {
          const provider = factory(options);
          expect(typeof provider.stream).toBe('function');
        } catch (error) {
          expect(AgentCoreError.isInstance(error)).toBe(true);
          expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
          expect(JSON.stringify((error as AgentCoreError).toJSON())).not.toContain(SECRET);
        }
      }),
      { numRuns: 300 },
    );
  });
});

function replying(body: string): typeof globalThis.fetch {
  return () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
}

async function drain(provider: ModelProvider): Promise<unknown> {
  try {
    for await (const chunk of provider.stream(hello, { signal: new AbortController().signal })) expect(chunk).toBeDefined();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Arbitrary event data: JSON values of every shape, fragments of the real protocols, and garbage. */
const dataArbitrary = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '[DONE]',
    '{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0}]}}]}',
    '{"choices":[{"index":0,"delta":{"tool_calls":[null,{"function":{"name":1}}]},"finish_reason":7}]}',
    '{"type":"content_block_start","index":"0","content_block":{"type":"tool_use","id":5}}',
    '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":null}}',
    '{"type":"message_delta","delta":{"stop_reason":[]},"usage":{"output_tokens":"x"}}',
    '{"type":"message_stop"}',
    '{"type":"error","error":null}',
  ),
  fc.string(),
);
const bodyArbitrary = fc
  .array(fc.tuple(fc.option(fc.constantFrom('message_start', 'error', 'ping', 'content_block_delta')), dataArbitrary), { maxLength: 12 })
  .map((events) => events.map(([event, data]) => `${event === null ? '' : `event: ${event}\n`}data: ${data}\n\n`).join(''));

describe('providers over arbitrary event streams', () => {
  it.each([
    ['openai-compatible', (fetch: typeof globalThis.fetch) => createOpenAICompatibleProvider({ baseURL: 'http://x.test', model: 'm', fetch })],
    ['anthropic', (fetch: typeof globalThis.fetch) => createAnthropicProvider({ model: 'm', maxTokens: 1, fetch })],
  ])('%s yields chunks or fails with AgentCoreError only', async (_name, create) => {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary, async (body) => {
        const error = await drain(create(replying(body)));
        if (error !== undefined) expect(AgentCoreError.isInstance(error)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
