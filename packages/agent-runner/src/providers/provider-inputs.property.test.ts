import { AgentCoreError, type ModelProvider } from '@jangts/agent-types';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromAiSdkModel } from './ai-sdk.js';
import { createAnthropicProvider } from './anthropic.js';
import { createOpenAICompatibleProvider } from './openai-compatible.js';
import { createScriptedProvider } from './scripted.js';

const SECRET = 'sk-property-0b7e';
const RUNS = { numRuns: 300 };
const notCalled: typeof globalThis.fetch = () => Promise.reject(new Error('not called'));

function refusal(create: () => unknown): AgentCoreError {
  try {
    create();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('accepted');
}

/** Asserts the one form of a refusal naming `expected` (or a field below it). */
function expectRefusal(error: AgentCoreError, code: string, subject: string, expected: string): void {
  expect(error.code).toBe(code);
  const field = error.details.field as string;
  expect(field === expected || field.startsWith(`${expected}.`) || field.startsWith(`${expected}[`)).toBe(true);
  expect(error.message.startsWith(`${subject}: ${field} `)).toBe(true);
  expect(JSON.stringify(error.toJSON())).not.toContain(SECRET);
}

/** One field of a valid value made wrong: the fields to merge into it, and the field the refusal must name. */
interface WrongField {
  readonly patch: Readonly<Record<string, unknown>>;
  readonly field: string;
}
const wrong = (key: string, value: fc.Arbitrary<unknown>, prefix = ''): fc.Arbitrary<WrongField> =>
  value.map((made) => ({ patch: { [key]: made }, field: `${prefix}${key.length > 60 ? `${key.slice(0, 60)}…` : key}` }));

/** An option name no schema knows: a misspelling or any other name. */
const unknownName = (known: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(fc.constantFrom(...known.map((name) => `${name}s`), ...known.map((name) => name.toLowerCase())), fc.string({ minLength: 1 })).filter((name) => !known.includes(name) && name !== '__proto__');

const headerText = fc.string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((code) => String.fromCharCode(code)) });
const headerName = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,15}$/);
const nonBlank = fc.string({ minLength: 1 }).filter((text) => text.trim() !== '');
const jsonBody = fc.dictionary(fc.string({ maxLength: 8 }).filter((key) => key !== '__proto__'), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
const notJson = fc.constantFrom<unknown>(() => 1, Number.NaN, Number.POSITIVE_INFINITY, 1n, new Date(0), new Map(), Symbol('s'));
const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const notANumber = fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));

const httpShared = {
  model: nonBlank,
  apiKey: fc.oneof(fc.constant(SECRET), headerText),
  headers: fc.dictionary(headerName, headerText, { maxKeys: 4 }),
  body: jsonBody,
  fetch: fc.constant(notCalled),
};
const httpSharedWrong = [
  wrong('model', fc.oneof(fc.constantFrom('', ' ', '\n\t'), notAString)),
  wrong('apiKey', fc.oneof(fc.constantFrom(`${SECRET}\r\nX-Evil: 1`, `${SECRET}\u0000`, `${SECRET}\u0100`, `${SECRET}\u2028`), notAString)),
  wrong('headers', fc.oneof(fc.constantFrom<unknown>(new Headers({ a: 'b' }), new Map([['a', 'b']]), 'a: b', ['a'], { 'bad name': 'x' }, { a: `${SECRET}\nX-Evil: 1` }), fc.dictionary(headerName, notAString, { minKeys: 1 }))),
  wrong('body', fc.oneof(fc.constantFrom<unknown>('{}', [], null, new Date(0)), notJson.map((value) => ({ field: value })), notJson.map((value) => ({ nested: { list: [1, value] } })))),
  wrong('fetch', fc.oneof(notAString, fc.constant('fetch'))),
];
const httpUrlWrong = fc.oneof(fc.constantFrom('', 'localhost:8000/v1', 'ftp://host/v1', 'http://host/v1#part', `https://${SECRET}@host/v1#f`, 'http://'), notAString);

interface FactoryCase {
  readonly name: string;
  readonly subject: string;
  readonly create: (options: unknown) => unknown;
  readonly valid: fc.Arbitrary<Record<string, unknown>>;
  readonly wrong: fc.Arbitrary<WrongField>;
}

const openAIKeys = ['baseURL', 'model', 'apiKey', 'headers', 'body', 'fetch'];
const anthropicKeys = ['model', 'maxTokens', 'apiKey', 'baseURL', 'headers', 'body', 'fetch', 'fineGrainedToolStreaming'];
const settingKeys = ['maxOutputTokens', 'temperature', 'stopSequences', 'topP', 'topK', 'presencePenalty', 'frequencyPenalty', 'responseFormat', 'seed', 'toolChoice', 'headers', 'reasoning', 'providerOptions'];
const model = new MockLanguageModelV4({ provider: 'p', modelId: 'm' });

const FACTORIES: readonly FactoryCase[] = [
  {
    name: 'createOpenAICompatibleProvider',
    subject: 'createOpenAICompatibleProvider options',
    create: (options) => createOpenAICompatibleProvider(options as never),
    valid: fc.record({ baseURL: fc.webUrl({ validSchemes: ['http', 'https'] }), ...httpShared }, { requiredKeys: ['baseURL', 'model'] }),
    wrong: fc.oneof(wrong('baseURL', httpUrlWrong), ...httpSharedWrong, unknownName(openAIKeys).chain((key) => wrong(key, fc.jsonValue()))),
  },
  {
    name: 'createAnthropicProvider',
    subject: 'createAnthropicProvider options',
    create: (options) => createAnthropicProvider(options as never),
    valid: fc.record(
      { ...httpShared, maxTokens: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), baseURL: fc.webUrl({ validSchemes: ['http', 'https'] }), fineGrainedToolStreaming: fc.boolean() },
      { requiredKeys: ['model', 'maxTokens'] },
    ),
    wrong: fc.oneof(
      wrong('maxTokens', fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.constant(Number.MAX_SAFE_INTEGER + 1), notANumber)),
      wrong('baseURL', httpUrlWrong),
      wrong('fineGrainedToolStreaming', fc.oneof(fc.constantFrom('true', 1, 0, null), fc.string())),
      ...httpSharedWrong,
      unknownName(anthropicKeys).chain((key) => wrong(key, fc.jsonValue())),
    ),
  },
  {
    name: 'fromAiSdkModel settings',
    subject: 'fromAiSdkModel',
    create: (settings) => fromAiSdkModel(model, settings as never),
    valid: fc.record(
      {
        maxOutputTokens: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        temperature: fc.double({ noNaN: true, noDefaultInfinity: true }),
        stopSequences: fc.array(fc.string(), { maxLength: 3 }),
        topP: fc.double({ min: 0, max: 1, noNaN: true }),
        topK: fc.integer({ min: 1, max: 100 }),
        seed: fc.integer(),
        responseFormat: fc.oneof(fc.constant({ type: 'text' }), fc.record({ type: fc.constant('json'), schema: fc.constant({ type: 'object' }), name: fc.string() }, { requiredKeys: ['type'] })),
        toolChoice: fc.oneof(fc.constantFrom({ type: 'auto' }, { type: 'none' }, { type: 'required' }), nonBlank.map((toolName) => ({ type: 'tool', toolName }))),
        headers: fc.dictionary(headerName, fc.oneof(headerText, fc.constant(undefined)), { maxKeys: 3 }),
        reasoning: fc.constantFrom('provider-default', 'none', 'low', 'high', 'max'),
        providerOptions: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).filter((key) => key !== '__proto__'), jsonBody, { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    ),
    wrong: fc.oneof(
      wrong('maxOutputTokens', fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), notANumber)),
      wrong('temperature', fc.oneof(fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY), fc.string(), fc.constant(null))),
      wrong('stopSequences', fc.oneof(fc.constant('stop'), fc.array(notAString, { minLength: 1, maxLength: 3 }))),
      wrong('seed', fc.double({ noInteger: true })),
      wrong('toolChoice', fc.constantFrom<unknown>('auto', { type: 'any' }, { type: 'tool' }, { type: 'auto', toolName: 'x' })),
      wrong('reasoning', fc.string().filter((text) => !['provider-default', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'].includes(text))),
      wrong('headers', fc.constantFrom<unknown>(new Headers(), { a: 1 })),
      unknownName([...settingKeys, 'prompt', 'tools', 'abortSignal', 'includeRawChunks']).chain((key) => wrong(key, fc.jsonValue())),
    ).map(({ patch, field }) => ({ patch, field: `settings.${field}` })),
  },
  {
    name: 'createScriptedProvider options',
    subject: 'createScriptedProvider',
    create: (options) => createScriptedProvider(['ok'], options as never),
    valid: fc.record({ id: fc.string({ minLength: 1 }), chunkDelayMs: fc.integer({ min: 0, max: 2_147_483_647 }) }, { requiredKeys: [] }),
    wrong: fc
      .oneof(
        wrong('id', fc.oneof(fc.constant(''), notAString)),
        wrong('chunkDelayMs', fc.oneof(fc.integer({ max: -1 }), fc.double({ min: 2_147_483_648, max: 1e12, noNaN: true }).map(Math.floor), fc.double({ noInteger: true }), notANumber)),
        unknownName(['id', 'chunkDelayMs']).chain((key) => wrong(key, fc.jsonValue())),
      )
      .map(({ patch, field }) => ({ patch, field: `options.${field}` })),
  },
];

describe.each(FACTORIES)('$name', ({ subject, create, valid, wrong: wrongField }) => {
  it('accepts every valid value', () => {
    fc.assert(
      fc.property(valid, (value) => {
        expect(() => create(value)).not.toThrow();
      }),
      RUNS,
    );
  });

  it('refuses a valid value with one field made wrong, naming that field in the one message form, never echoing a key', () => {
    fc.assert(
      fc.property(valid, wrongField, (value, { patch, field }) => {
        expectRefusal(refusal(() => create({ ...value, ...patch })), 'CONFIG_INVALID', subject, field);
      }),
      RUNS,
    );
  });

  it('lets nothing but CONFIG_INVALID escape for any value at all', () => {
    fc.assert(
      fc.property(fc.anything({ withMap: true, withBigInt: true, withDate: true, withSparseArray: true, withNullPrototype: true }), (value) => {
        try {
          create(value);
        } catch (error) {
          expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
        }
      }),
      RUNS,
    );
  });
});

describe('createOpenAICompatibleProvider option names', () => {
  it('suggests the option a misspelt one was meant to be', () => {
    const error = refusal(() => createOpenAICompatibleProvider({ baseUrl: 'http://localhost/v1', model: 'm' } as never));
    expect(error.message).toBe('createOpenAICompatibleProvider options: baseUrl is not a known field (did you mean baseURL?); known: baseURL, model, apiKey, headers, body, fetch');
    expect(error.details).toMatchObject({ field: 'baseUrl', rule: 'unknown', suggestion: 'baseURL' });
  });
});

describe('createScriptedProvider steps', () => {
  const validStep = fc.oneof(
    fc.string(),
    fc.array(fc.oneof(fc.string(), fc.constant({ type: 'finish', reason: 'stop' })), { maxLength: 3 }),
    fc.record(
      {
        text: fc.string(),
        toolCalls: fc.array(fc.record({ toolId: fc.string(), args: fc.dictionary(fc.string({ maxLength: 5 }).filter((key) => key !== '__proto__'), fc.jsonValue({ maxDepth: 2 })), callId: fc.string() }, { requiredKeys: ['toolId'] }), { maxLength: 2 }),
        finish: fc.constantFrom('stop', 'tool-calls', 'length', 'content-filter', 'other'),
        usage: fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat() }, { requiredKeys: [] }),
        chunkSize: fc.integer({ min: 1, max: 10 }),
      },
      { requiredKeys: [] },
    ),
    fc.record({ error: fc.anything(), after: fc.array(fc.string(), { maxLength: 2 }) }, { requiredKeys: ['error'] }),
    fc.constant(() => 'ok'),
  );
  const wrongStep = fc.oneof(
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)).map((value) => ({ value, below: '' })),
    fc.constantFrom(
      { value: { txt: 'hi' }, below: '.txt' },
      { value: { text: 1 }, below: '.text' },
      { value: { finish: 'done' }, below: '.finish' },
      { value: { chunkSize: 0 }, below: '.chunkSize' },
      { value: { usage: { inputTokens: -1 } }, below: '.usage.inputTokens' },
      { value: { usage: { totalTokens: 2 } }, below: '.usage.totalTokens' },
      { value: { toolCalls: [{ args: {} }] }, below: '.toolCalls[0].toolId' },
      { value: { toolCalls: [{ toolId: 't', args: {}, argsText: '{}' }] }, below: '.toolCalls[0].argsText' },
      { value: { toolCalls: [{ toolId: 't', args: { f: () => 1 } }] }, below: '.toolCalls[0].args.f' },
      { value: { error: 'x', text: 'hi' }, below: '.text' },
      { value: { error: 'x', after: 'a' }, below: '.after' },
      { value: { after: ['a'] }, below: '.after' },
    ),
  );

  it('accepts every list of valid steps', () => {
    fc.assert(
      fc.property(fc.array(validStep, { maxLength: 5 }), (steps) => {
        expect(createScriptedProvider(steps as never).remaining).toBe(steps.length);
      }),
      RUNS,
    );
  });

  it('refuses a list with one step made wrong, naming that step and its field', () => {
    fc.assert(
      fc.property(fc.array(validStep, { maxLength: 4 }), fc.nat(), wrongStep, (steps, at, { value, below }) => {
        const index = steps.length === 0 ? 0 : at % (steps.length + 1);
        const list = [...steps.slice(0, index), value, ...steps.slice(index)];
        const error = refusal(() => createScriptedProvider(list as never));
        expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { field: `steps[${index}]${below}` } });
        expect(error.message.startsWith(`createScriptedProvider: steps[${index}]${below} `)).toBe(true);
      }),
      RUNS,
    );
  });
});

function replying(body: string): typeof globalThis.fetch {
  return () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
}

const hello = { stageId: 'p', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

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
      RUNS,
    );
  });
});

const id = fc.string({ minLength: 1, maxLength: 8 });
const validMessage = fc.oneof(
  fc.record({ role: fc.constantFrom('system', 'user'), content: fc.string() }),
  fc.record(
    { role: fc.constant('assistant'), content: fc.string(), toolCalls: fc.array(fc.record({ callId: id, toolId: id, args: fc.dictionary(fc.string({ maxLength: 4 }).filter((key) => key !== '__proto__'), fc.jsonValue({ maxDepth: 2 })) }), { maxLength: 2 }) },
    { requiredKeys: ['role', 'content'] },
  ),
);
const validRequest = fc.record({
  stageId: id,
  messages: fc.array(validMessage, { maxLength: 4 }).map((messages) => [...messages, { role: 'user', content: 'q' }]),
  tools: fc.array(fc.record({ id, description: fc.string(), parameters: fc.constant({ type: 'object' }) }), { maxLength: 2 }),
});
/** One field of a valid request made wrong, and the field the refusal must name. */
const wrongRequest = fc.constantFrom<{ readonly change: (request: Record<string, unknown>) => Record<string, unknown>; readonly field: string }>(
  { change: (request) => ({ ...request, stageId: '' }), field: 'request.stageId' },
  { change: (request) => ({ ...request, messages: 'x' }), field: 'request.messages' },
  { change: (request) => ({ ...request, messages: [{ role: 'bot', content: 'x' }] }), field: 'request.messages[0].role' },
  { change: (request) => ({ ...request, messages: [{ role: 'user', content: 5 }] }), field: 'request.messages[0].content' },
  { change: (request) => ({ ...request, messages: [{ role: 'tool', callId: '', content: 'x' }] }), field: 'request.messages[0].callId' },
  { change: (request) => ({ ...request, messages: [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: '{}' }] }] }), field: 'request.messages[0].toolCalls[0].args' },
  { change: (request) => ({ ...request, tools: [{ id: 't', description: 'd', parameters: 5 }] }), field: 'request.tools[0].parameters' },
  { change: (request) => ({ ...request, tools: [{ id: '', description: 'd', parameters: {} }] }), field: 'request.tools[0].id' },
  { change: ({ stageId: _stageId, ...request }) => request, field: 'request.stageId' },
);

describe.each<[string, () => ModelProvider]>([
  ['openai-compatible', () => createOpenAICompatibleProvider({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', fetch: notCalled })],
  ['anthropic', () => createAnthropicProvider({ model: 'm', maxTokens: 1, fetch: notCalled })],
  ['ai-sdk', () => fromAiSdkModel(new MockLanguageModelV4({ provider: 'p', modelId: 'm' }))],
])('%s stream', (name, create) => {
  it('takes every valid request', () => {
    const provider = create();
    fc.assert(
      fc.property(validRequest, (request) => {
        expect(() => provider.stream(request as never, { signal: new AbortController().signal })).not.toThrow();
      }),
      RUNS,
    );
  });

  it('refuses a valid request with one field made wrong, at once, with INPUT_INVALID naming that field', () => {
    const provider = create();
    fc.assert(
      fc.property(validRequest, wrongRequest, (request, { change, field }) => {
        const error = refusal(() => provider.stream(change(request) as never, { signal: new AbortController().signal }));
        expect(error).toMatchObject({ code: 'INPUT_INVALID', details: { field } });
        expect(error.message.startsWith(`${name} provider: ${field} `)).toBe(true);
      }),
      RUNS,
    );
  });

  it.each([
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in the messages', { ...hello, messages: [, ...hello.messages] }, 'request.messages[0]'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    ['a hole in a call list', { ...hello, messages: [{ role: 'assistant', content: '', toolCalls: [, { callId: 'c', toolId: 't', args: {} }] }, ...hello.messages] }, 'request.messages[0].toolCalls[0]'],
  ])('refuses %s at once', (_label, request, field) => {
    expect(() => create().stream(request as never, { signal: new AbortController().signal })).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field, rule: 'hole' }) }) as Error,
    );
  });

  it('maps a copy of the request, so a list with its own constructor property cannot break Array#map behind the door', async () => {
    const messages = Object.assign([...hello.messages], { constructor: 1 });
    const failure = await (async () => {
      for await (const chunk of create().stream({ ...hello, messages }, { signal: new AbortController().signal })) expect(chunk).toBeDefined();
    })().then(
      () => undefined,
      (error: unknown) => error,
    );
    // The call reaches the model (which is not there), never a TypeError of the mapping.
    expect(failure).toMatchObject({ code: 'PROVIDER_FAILED' });
  });

  it('refuses a signal that is not an AbortSignal, naming options.signal', () => {
    expect(() => create().stream(hello, { signal: { aborted: false } } as never)).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'options.signal' }) }) as Error,
    );
  });
});
