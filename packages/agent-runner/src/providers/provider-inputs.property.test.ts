import { AgentCoreError, ProviderRequestSchema, type ModelProvider } from '@jangts/agent-types';
import { compileSchema } from '@jangts/agent-types/internal';
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

const requestValidator = compileSchema(ProviderRequestSchema);

/** Requests around the valid one: fields missing, of the wrong type, or odd. */
const requestArbitrary = fc.record(
  {
    stageId: fc.oneof(fc.constant('s'), fc.string(), fc.anything()),
    messages: fc.oneof(fc.constant(hello.messages), fc.array(fc.record({ role: fc.constantFrom('user', 'system', 'bot'), content: fc.oneof(fc.string(), fc.anything()) })), fc.anything()),
    tools: fc.oneof(fc.constant([]), fc.array(fc.record({ id: fc.oneof(fc.constant('t'), fc.string()), description: fc.anything(), parameters: fc.anything() })), fc.anything()),
  },
  { requiredKeys: [] },
);

describe.each<[string, () => ModelProvider]>([
  ['openai-compatible', () => createOpenAICompatibleProvider({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', fetch: () => Promise.reject(new Error('not called')) })],
  ['anthropic', () => createAnthropicProvider({ model: 'm', maxTokens: 1, fetch: () => Promise.reject(new Error('not called')) })],
  ['ai-sdk', () => fromAiSdkModel({ specificationVersion: 'v4', provider: 'p', modelId: 'm', doStream: () => Promise.reject(new Error('not called')) } as never)],
])('%s stream', (_name, create) => {
  it('refuses a request ProviderRequestSchema refuses, at once, with INPUT_INVALID naming the field, and takes every other', () => {
    const provider = create();
    fc.assert(
      fc.property(fc.oneof(requestArbitrary, fc.anything()), (request) => {
        let thrown: unknown;
        try {
          provider.stream(request as never, { signal: new AbortController().signal });
        } catch (error) {
          thrown = error;
        }
        if (requestValidator.check(request)) expect(thrown).toBeUndefined();
        else expect(thrown).toMatchObject({ code: 'INPUT_INVALID', details: { field: expect.stringMatching(/^request/) as string } });
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['messages that are not a list', { ...hello, messages: 'x' }, 'request.messages'],
    ['an empty stage id', { ...hello, stageId: '' }, 'request.stageId'],
    ['a tool whose parameters are not a schema', { ...hello, tools: [{ id: 't', description: 'd', parameters: 5 }] }, 'request.tools[0].parameters'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in the messages', { ...hello, messages: [, ...hello.messages] }, 'request.messages[0]'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in a call list', { ...hello, messages: [{ role: 'assistant', content: '', toolCalls: [, { callId: 'c', toolId: 't', args: {} }] }] }, 'request.messages[0].toolCalls[0]'],
  ])('refuses %s', (_label, request, field) => {
    expect(() => create().stream(request as never, { signal: new AbortController().signal })).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field }) as unknown }) as Error,
    );
  });
});
