import { AgentCoreError, type InvokeRequest, type ModelProvider, type ToolSpec } from '@jangts/agent-types';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';

const provider: ModelProvider = {
  async *stream() {
    yield 'ok';
  },
};
const tool = { id: 'reply', description: 'Answer', parameters: Type.Object({ text: Type.String() }) };
const signal = new AbortController().signal;

async function rejection(request: unknown): Promise<AgentCoreError> {
  const error: unknown = await new ModelRunner({ provider }).invoke(request as InvokeRequest).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!AgentCoreError.isInstance(error)) throw new Error('expected an AgentCoreError');
  return error;
}

describe('ModelRunner', () => {
  it('names the four roles when a message has another one', async () => {
    const error: unknown = await new ModelRunner({ provider: createScriptedProvider(['ok']) }).invoke({ input: [{ role: 'developer', content: 'q' }] as never, stageId: 's' }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'INPUT_INVALID', message: expect.stringContaining('must be one of "system", "user", "assistant", "tool"') as string, details: { field: 'input[0].role' } });
  });

  describe('invoke requests', () => {
    it.each<[string, unknown, string]>([
      ['a request that is not an object', 'hello', 'request'],
      ['an unknown request field', { input: 'x', stageId: 's', tool: [tool] }, 'tool'],
      ['an empty string input', { input: '', stageId: 's' }, 'input'],
      ['an empty message list', { input: [], stageId: 's' }, 'input'],
      ['an input of unknown shape', { input: { text: 'hi' }, stageId: 's' }, 'input'],
      ['a number input', { input: 42, stageId: 's' }, 'input'],
      ['a message with an unknown role', { input: [{ role: 'robot', content: 'x' }], stageId: 's' }, 'input[0].role'],
      ['a message with an extra field', { input: [{ role: 'user', content: 'x', name: 'bob' }], stageId: 's' }, 'input[0].name'],
      ['a tool result with an empty call id', { input: [{ role: 'user', content: 'x' }, { role: 'tool', callId: '', content: 'r' }], stageId: 's' }, 'input[1].callId'],
      ['an assistant tool call with an empty call id', { input: [{ role: 'assistant', content: '', toolCalls: [{ callId: '', toolId: 't', args: {} }] }], stageId: 's' }, 'input[0].toolCalls[0].callId'],
      ['a tool call whose arguments are their JSON text', { input: [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: '{"q":"x"}' }] }], stageId: 's' }, 'input[0].toolCalls[0].args'],
      ['a tool call whose arguments are null', { input: [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: null }] }], stageId: 's' }, 'input[0].toolCalls[0].args'],
      ['a tool call whose arguments are a list', { input: [{ role: 'user', content: 'q' }, { role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: {} }, { callId: 'd', toolId: 't', args: [1, 2] }] }], stageId: 's' }, 'input[1].toolCalls[1].args'],
      ['a tool call with non-JSON arguments', { input: [{ role: 'assistant', content: '', toolCalls: [{ callId: 'c', toolId: 't', args: { n: 1n } }] }], stageId: 's' }, 'input[0].toolCalls[0].args.n'],
      ['an assembled input without messages', { input: { messages: [], fragmentUsage: [], inputChars: 0 }, stageId: 's' }, 'input.messages'],
      ['a malformed assembled input', { input: { messages: [{ role: 'user', content: 1, fragmentIds: [] }], fragmentUsage: [], inputChars: 0 }, stageId: 's' }, 'input.messages[0].content'],
      // eslint-disable-next-line no-sparse-arrays -- the hole is the point
      ['an assembled input with a hole in its messages', { input: { messages: [, { role: 'user', content: 'q', fragmentIds: ['q'] }], fragmentUsage: [], inputChars: 1 }, stageId: 's' }, 'input.messages[0]'],
      ['a missing stage id', { input: 'x' }, 'stageId'],
      ['an empty stage id', { input: 'x', stageId: '' }, 'stageId'],
      ['a stage id with spaces', { input: 'x', stageId: 'my stage' }, 'stageId'],
      ['a stage id over 128 characters', { input: 'x', stageId: 's'.repeat(129) }, 'stageId'],
      ['tools that are not a list', { input: 'x', stageId: 's', tools: tool }, 'tools'],
      ['a tool that is not an object', { input: 'x', stageId: 's', tools: ['reply'] }, 'tools[0]'],
      ['a tool with an unknown field', { input: 'x', stageId: 's', tools: [{ ...tool, execute: () => 1 }] }, 'tools[0].execute'],
      ['a tool with a bad id', { input: 'x', stageId: 's', tools: [{ ...tool, id: 'reply now' }] }, 'tools[0].id'],
      ['a tool id over 64 characters', { input: 'x', stageId: 's', tools: [{ ...tool, id: 'a'.repeat(65) }] }, 'tools[0].id'],
      ['a tool without a description', { input: 'x', stageId: 's', tools: [{ id: 'reply', parameters: tool.parameters }] }, 'tools[0].description'],
      ['duplicate tool ids', { input: 'x', stageId: 's', tools: [tool, { ...tool }] }, 'tools[1].id'],
      ['parameters that are not an object schema', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: Type.String() }] }, 'tools[0].parameters'],
      ['parameters that are a zod-like object', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: { _def: {}, parse: () => 1 } }] }, 'tools[0].parameters.parse'],
      ['parameters that are a class instance (a zod schema)', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: new (class ZodObject { type = 'object'; })() }] }, 'tools[0].parameters'],
      ['parameters with a non-JSON type', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: Type.Object({ when: Type.BigInt() }) }] }, 'tools[0].parameters.properties.when.type'],
      ['parameters with a function value', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: { type: 'object', default: () => 1 } }] }, 'tools[0].parameters.default'],
      ['parameters with malformed properties', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: { type: 'object', properties: 5 } }] }, 'tools[0].parameters.properties'],
      ['parameters with a bad required list', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: { type: 'object', required: 'text' } }] }, 'tools[0].parameters.required'],
      ['parameters that do not compile', { input: 'x', stageId: 's', tools: [{ ...tool, parameters: { type: 'object', properties: { a: { type: 'string', pattern: '(' } } } }] }, 'tools[0].parameters'],
      ['a signal that is not an AbortSignal', { input: 'x', stageId: 's', signal: {} }, 'signal'],
      ['a context that is not an object', { input: 'x', stageId: 's', context: 'ctx' }, 'context'],
      ['a context without a signal', { input: 'x', stageId: 's', context: { app: {} } }, 'context.signal'],
      ['a context logger without record', { input: 'x', stageId: 's', context: { app: {}, signal, logger: {} } }, 'context.logger.record'],
      ['invalid context diagnostics', { input: 'x', stageId: 's', context: { app: {}, signal, diagnostics: { traceId: '0'.repeat(32), spanId: 'x' } } }, 'context.diagnostics.traceId'],
      ['diagnostic attributes that are a Map', { input: 'x', stageId: 's', context: { app: {}, signal, diagnostics: { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), attributes: new Map([['a', 1]]) } } }, 'context.diagnostics.attributes'],
    ])('rejects %s with INPUT_INVALID naming the field', async (_name, request, field) => {
      const error = await rejection(request);
      expect(error.code).toBe('INPUT_INVALID');
      expect(error.details.field).toBe(field);
      expect(error.message).toContain(field);
    });

    it('cuts a huge unknown field name in the message and details', async () => {
      const error = await rejection({ input: 'x', stageId: 's', ['k'.repeat(100_000)]: 1 });
      expect(error.code).toBe('INPUT_INVALID');
      expect((error.details.field as string).length).toBeLessThanOrEqual(61);
      expect(error.message.length).toBeLessThan(300);
    });

    it.each([
      ['stageId', { input: 'x', stageId: 's'.repeat(129) }, { rule: 'length', limit: 128, actual: 129 }],
      ['stageId', { input: 'x', stageId: 7 }, { rule: 'type', expected: 'a string', actual: 7 }],
      ['stageId', { input: 'x', stageId: 'my stage' }, { rule: 'pattern', expected: '^[a-zA-Z][a-zA-Z0-9:._/-]{0,127}$', actual: 'my stage' }],
      ['tools[0].id', { input: 'x', stageId: 's', tools: [{ ...tool, id: 'a'.repeat(65) }] }, { rule: 'length', limit: 64, actual: 65 }],
      ['tools[0].id', { input: 'x', stageId: 's', tools: [{ ...tool, id: 'reply now' }] }, { rule: 'pattern', expected: '^[a-zA-Z0-9_-]{1,64}$', actual: 'reply now' }],
    ])('names the rule, the limit and the value of a bad %s in the one form', async (field, request, details) => {
      const error = await rejection(request);
      expect(error).toMatchObject({ code: 'INPUT_INVALID', message: expect.stringMatching(new RegExp(`^invoke request: ${field.replace(/[[\]]/g, '\\$&')} `)) as string, details: { field, ...details } });
    });

    it('never calls the provider for an invalid request and never throws synchronously', async () => {
      const scripted = createScriptedProvider(['never']);
      const invocation = new ModelRunner({ provider: scripted }).invoke({ input: '', stageId: 's' });
      await expect(invocation).rejects.toMatchObject({ code: 'INPUT_INVALID' });
      expect(scripted.requests).toHaveLength(0);
    });

    it('accepts plain JSON Schema object parameters as well as TypeBox ones', async () => {
      const plain = { id: 'reply', description: '', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };
      const scripted = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { text: 'hi' } }] }]);
      const result = await new ModelRunner({ provider: scripted }).invoke({ input: 'x', stageId: 's', tools: [plain as unknown as ToolSpec] });
      expect(result.proposals[0]?.args).toEqual({ text: 'hi' });
    });
  });

  describe('constructor', () => {
    it.each<[string, unknown, string]>([
      ['options that are not an object', undefined, 'options'],
      ['an unknown option', { provider, retries: 3 }, 'retries'],
      ['a missing provider', {}, 'provider'],
      ['a provider without stream', { provider: {} }, 'provider.stream'],
      ['a provider id that is not a string', { provider: { id: 1, stream: () => provider.stream({ stageId: 's', messages: [], tools: [] }, { signal }) } }, 'provider.id'],
      ['a sink that is not an object', { provider, sink: 'console' }, 'sink'],
      ['an unknown sink', { provider, sink: { preview: { write() {} } } }, 'sink.preview'],
      ['an output sink without write', { provider, sink: { output: {} } }, 'sink.output'],
      ['zero attempts', { provider, retry: { attempts: 0 } }, 'retry.attempts'],
      ['fractional attempts', { provider, retry: { attempts: 1.5 } }, 'retry.attempts'],
      ['a negative base delay', { provider, retry: { baseDelayMs: -1 } }, 'retry.baseDelayMs'],
      ['an unknown retry option', { provider, retry: { jitter: true } }, 'retry.jitter'],
      ['a max delay below the base delay, so no retry could wait', { provider, retry: { baseDelayMs: 1_000, maxDelayMs: 10 } }, 'retry.maxDelayMs'],
      ['a zero timeout', { provider, timeoutMs: 0 }, 'timeoutMs'],
      ['a timeout over the timer limit', { provider, timeoutMs: 2 ** 31 }, 'timeoutMs'],
      ['an infinite maxOutputChars', { provider, maxOutputChars: Number.POSITIVE_INFINITY }, 'maxOutputChars'],
      ['a non-boolean recordContent', { provider, recordContent: 'yes' }, 'recordContent'],
      ['a non-function onWarning', { provider, onWarning: 'log' }, 'onWarning'],
    ])('rejects %s with CONFIG_INVALID naming the field', (_name, options, field) => {
      let caught: unknown;
      try {
        new ModelRunner(options as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ code: 'CONFIG_INVALID', details: { field } });
    });

    it.each([
      ['timeoutMs', { timeoutMs: 0 }, { rule: 'range', limit: 1, actual: 0 }],
      ['timeoutMs', { timeoutMs: 2 ** 31 }, { rule: 'range', limit: 2 ** 31 - 1, actual: 2 ** 31 }],
      ['timeoutMs', { timeoutMs: Number.NaN }, { rule: 'type', actual: 'NaN' }],
      ['maxOutputChars', { maxOutputChars: 1.5 }, { rule: 'type', actual: 1.5 }],
      ['retry.attempts', { retry: { attempts: 101 } }, { rule: 'range', limit: 100, actual: 101 }],
      ['retry.baseDelayMs', { retry: { baseDelayMs: '5' } }, { rule: 'type', actual: '5' }],
      ['retry.maxDelayMs', { retry: { baseDelayMs: 1_000, maxDelayMs: 10 } }, { rule: 'order', limit: 1_000, actual: 10 }],
    ])('names the rule, the bound crossed and the value given of %s (%j)', (field, options, details) => {
      expect(() => new ModelRunner({ provider, ...options } as never)).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID', message: expect.stringMatching(new RegExp(`^ModelRunner options: ${field} `)) as string, details: expect.objectContaining({ field, ...details }) as object }),
      );
    });

    it('says a provider was passed where the options belong', () => {
      expect(() => new ModelRunner(provider as never)).toThrow(
        expect.objectContaining({
          code: 'CONFIG_INVALID',
          message: 'ModelRunner options: options is a model provider, passed where the options belong: write new ModelRunner({ provider })',
          details: expect.objectContaining({ field: 'options', rule: 'misuse' }) as object,
        }),
      );
    });

    it('suggests the option meant by a misspelt name, and lists the known ones', () => {
      expect(() => new ModelRunner({ provider, timeoutMS: 5 } as never)).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'timeoutMS', rule: 'unknown', suggestion: 'timeoutMs' }) as object }),
      );
    });

    it('accepts every option at its bounds', () => {
      const sink = { write: () => undefined };
      expect(
        () =>
          new ModelRunner({
            provider,
            sink: { output: sink },
            retry: { attempts: 100, baseDelayMs: 0, maxDelayMs: 2 ** 31 - 1 },
            timeoutMs: 2 ** 31 - 1,
            firstChunkTimeoutMs: 1,
            idleTimeoutMs: 1,
            maxOutputChars: Number.MAX_SAFE_INTEGER,
            recordContent: true,
            onWarning: () => undefined,
          }),
      ).not.toThrow();
    });
  });
});
