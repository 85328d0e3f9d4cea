import type { AgentCoreError, OutputEvent } from '@jangts/agent-types';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { createScriptedProvider } from './providers/scripted.js';

const replyTool = { id: 'reply', description: '', parameters: Type.Object({ text: Type.String() }) };

describe('ModelRunner', () => {
  it('awaits an async sink: events arrive in order and never concurrently', async () => {
    const seen: string[] = [];
    let active = 0;
    let overlapped = false;
    const sink = {
      async write(event: OutputEvent) {
        active++;
        if (active > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 0));
        seen.push(event.type === 'text-delta' ? event.text : event.type);
        active--;
      },
    };
    const provider = createScriptedProvider([{ text: 'abcdef', chunkSize: 2 }]);
    const result = await new ModelRunner({ provider, sink: { output: sink } }).invoke({ input: 'x', stageId: 's' });
    expect(result.value).toBe('abcdef');
    expect(seen).toEqual(['stage-start', 'ab', 'cd', 'ef', 'stage-end']);
    expect(overlapped).toBe(false);
  });

  it('never writes concurrently to a sink shared by concurrent calls, runners included; each call keeps its order', async () => {
    const seen: string[] = [];
    let active = 0;
    let most = 0;
    const sink = {
      async write(event: OutputEvent) {
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 0));
        seen.push(`${event.stageId}:${event.type === 'text-delta' ? event.text : event.type}`);
        active--;
      },
    };
    const runner = (text: string) => new ModelRunner({ provider: createScriptedProvider([{ text, chunkSize: 2 }, { text, chunkSize: 2 }]), sink: { output: sink } });
    const shared = runner('abcdef');
    const results = await Promise.all([
      shared.invoke({ input: 'x', stageId: 'a' }),
      shared.invoke({ input: 'x', stageId: 'b' }),
      runner('uvwxyz').invoke({ input: 'x', stageId: 'c' }),
    ]);
    expect(results.map((result) => result.value)).toEqual(['abcdef', 'abcdef', 'uvwxyz']);
    expect(most).toBe(1);
    for (const [stage, pieces] of [['a', ['ab', 'cd', 'ef']], ['b', ['ab', 'cd', 'ef']], ['c', ['uv', 'wx', 'yz']]] as const) {
      expect(seen.filter((entry) => entry.startsWith(`${stage}:`))).toEqual([`${stage}:stage-start`, ...pieces.map((piece) => `${stage}:${piece}`), `${stage}:stage-end`]);
    }
  });

  it.each([
    ['throws', () => {
      throw new Error('sink broke');
    }],
    ['rejects', () => Promise.reject(new Error('sink broke'))],
  ])('keeps the result when the sink %s, records SINK_FAILED and detaches the sink for the call', async (_name, fail) => {
    const seen: string[] = [];
    const warnings: AgentCoreError[] = [];
    const sink = {
      write(event: OutputEvent) {
        seen.push(event.type);
        if (event.type === 'text-delta') return fail();
        return undefined;
      },
    };
    const runner = new ModelRunner({
      provider: createScriptedProvider([{ text: 'abcd', chunkSize: 1 }]),
      sink: { output: sink },
      onWarning: (warning) => void warnings.push(warning),
    });
    const result = await runner.invoke({ input: 'x', stageId: 's' });
    expect(result.value).toBe('abcd');
    expect(seen).toEqual(['stage-start', 'text-delta']);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ code: 'SINK_FAILED', details: { stageId: 's', event: 'text-delta' } });
    expect((result.warnings[0]?.cause as Error).message).toBe('sink broke');
    expect(warnings).toEqual(result.warnings);
  });

  it.each<[string, () => unknown]>([
    ['an object whose then getter throws', () => ({ get then(): never { throw new Error('then getter'); } })],
    ['a proxy whose get trap throws', () => new Proxy({}, { get: () => { throw new Error('trap'); } })],
    ['a revoked proxy', () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; }],
  ])('keeps the result when the sink returns %s, as a SINK_FAILED warning', async (_, returned) => {
    const runner = new ModelRunner({ provider: createScriptedProvider(['hi']), sink: { output: { write: returned as () => undefined } } });
    const result = await runner.invoke({ input: 'x', stageId: 's' });
    expect(result.value).toBe('hi');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['SINK_FAILED']);
  });

  it('gives the sink a fresh chance on the next call', async () => {
    let failNext = true;
    const seen: string[] = [];
    const sink = {
      write(event: OutputEvent) {
        seen.push(event.type);
        if (failNext) {
          failNext = false;
          throw new Error('once');
        }
      },
    };
    const runner = new ModelRunner({ provider: createScriptedProvider(['a', 'b']), sink: { output: sink } });
    await runner.invoke({ input: 'x', stageId: 's' });
    const second = await runner.invoke({ input: 'x', stageId: 's' });
    expect(second.warnings).toEqual([]);
    expect(seen).toEqual(['stage-start', 'stage-start', 'text-delta', 'stage-end']);
  });

  it('keeps the original error when the sink also fails on a failing call', async () => {
    const warnings: AgentCoreError[] = [];
    const sink = {
      write() {
        throw new Error('sink broke');
      },
    };
    const runner = new ModelRunner({
      provider: createScriptedProvider([{ toolCalls: [{ toolId: 'unknown' }] }]),
      sink: { output: sink },
      onWarning: (warning) => void warnings.push(warning),
    });
    const error: unknown = await runner.invoke({ input: 'x', stageId: 's', tools: [replyTool] }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'OUTPUT_INVALID' });
    expect(warnings.map((warning) => warning.code)).toEqual(['SINK_FAILED']);
  });

  it('reports the error code in stage-end when the call fails', async () => {
    const seen: OutputEvent[] = [];
    const runner = new ModelRunner({
      provider: createScriptedProvider([{ error: new Error('down') }]),
      sink: { output: { write: (event) => void seen.push(event) } },
    });
    await runner.invoke({ input: 'x', stageId: 's' }).catch(() => undefined);
    expect(seen).toEqual([
      { type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] },
      { type: 'stage-end', stageId: 's', ok: false, code: 'PROVIDER_FAILED' },
    ]);
  });

  it('ignores an onWarning callback that throws', async () => {
    const runner = new ModelRunner({
      provider: createScriptedProvider(['a']),
      sink: {
        output: {
          write() {
            throw new Error('sink broke');
          },
        },
      },
      onWarning: () => {
        throw new Error('observer broke');
      },
    });
    expect((await runner.invoke({ input: 'x', stageId: 's' })).warnings).toHaveLength(1);
  });
});

describe('ModelRunner: the call’s own sink (request.sink.output)', () => {
  /** An async sink that records `<name>:<event>` and counts the most writes of `shared` running at once. */
  function recording(name: string, seen: string[], shared: { active: number; most: number }) {
    return {
      write(event: OutputEvent) {
        shared.active++;
        shared.most = Math.max(shared.most, shared.active);
        return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
          seen.push(`${name}:${event.type === 'text-delta' ? event.text : event.type}`);
          shared.active--;
        });
      },
    };
  }

  it('gets every event after the runner’s sink, in order, the two never written at the same time', async () => {
    const seen: string[] = [];
    const shared = { active: 0, most: 0 };
    const runner = new ModelRunner({ provider: createScriptedProvider([{ text: 'abcd', chunkSize: 2 }]), sink: { output: recording('runner', seen, shared) } });
    const result = await runner.invoke({ input: 'x', stageId: 's', sink: { output: recording('call', seen, shared) } });
    expect(result.value).toBe('abcd');
    expect(result.warnings).toEqual([]);
    expect(seen).toEqual(['runner:stage-start', 'call:stage-start', 'runner:ab', 'call:ab', 'runner:cd', 'call:cd', 'runner:stage-end', 'call:stage-end']);
    expect(shared.most).toBe(1);
  });

  it('streams every tool-call delta to a call’s sink on a runner without one, and only to that call', async () => {
    const events: OutputEvent[] = [];
    const runner = new ModelRunner({ provider: createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { text: 'hi' }, callId: 'c1' }], chunkSize: 5 }, 'again']) });
    await runner.invoke({ input: 'x', stageId: 's', tools: [replyTool], sink: { output: { write: (event) => void events.push(event) } } });
    expect(events.filter((event) => event.type === 'tool-call-delta').map((event) => event.argsDelta)).toEqual(['{"tex', 't":"h', 'i"}']);
    expect(events.at(-1)).toEqual({ type: 'stage-end', stageId: 's', ok: true });
    const count = events.length;
    await runner.invoke({ input: 'x', stageId: 's' });
    expect(events).toHaveLength(count);
  });

  it.each([
    ['the call’s sink', 'call', 'runner'],
    ['the runner’s sink', 'runner', 'call'],
  ] as const)('detaches %s alone when it fails: the other gets every event, the result is kept, SINK_FAILED names it', async (_name, failing, kept) => {
    const seen: string[] = [];
    const warnings: AgentCoreError[] = [];
    const sink = (name: string) => ({
      write(event: OutputEvent) {
        seen.push(`${name}:${event.type}`);
        if (name === failing && event.type === 'text-delta') return Promise.reject(new Error('sink broke'));
        return undefined;
      },
    });
    const runner = new ModelRunner({ provider: createScriptedProvider([{ text: 'abc', chunkSize: 1 }]), sink: { output: sink('runner') }, onWarning: (warning) => void warnings.push(warning) });
    const result = await runner.invoke({ input: 'x', stageId: 's', sink: { output: sink('call') } });
    expect(result.value).toBe('abc');
    expect(seen.filter((entry) => entry.startsWith(`${failing}:`))).toEqual([`${failing}:stage-start`, `${failing}:text-delta`]);
    expect(seen.filter((entry) => entry.startsWith(`${kept}:`))).toEqual([`${kept}:stage-start`, `${kept}:text-delta`, `${kept}:text-delta`, `${kept}:text-delta`, `${kept}:stage-end`]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({ code: 'SINK_FAILED', details: { stageId: 's', event: 'text-delta', sink: failing } });
    expect(warnings).toEqual(result.warnings);
  });

  it('closes the call’s sink with ABORTED at once when aborted while the runner’s sink is still writing', async () => {
    const controller = new AbortController();
    const seen: OutputEvent[] = [];
    const runnerSink = {
      write(event: OutputEvent) {
        if (event.type !== 'text-delta') return undefined;
        queueMicrotask(() => {
          controller.abort();
        });
        return new Promise<void>(() => undefined);
      },
    };
    const runner = new ModelRunner({ provider: createScriptedProvider([{ text: 'abc', chunkSize: 1 }]), sink: { output: runnerSink } });
    const call = runner.invoke({ input: 'x', stageId: 's', signal: controller.signal, sink: { output: { write: (event) => void seen.push(event) } } });
    await expect(call).rejects.toMatchObject({ code: 'ABORTED' });
    expect(seen).toEqual([
      { type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] },
      { type: 'stage-end', stageId: 's', ok: false, code: 'ABORTED' },
    ]);
  });

  it('still closes the call’s sink when a timeout ends the wait on the runner’s sink writing stage-end', async () => {
    const seen: OutputEvent[] = [];
    const runnerSink = { write: (event: OutputEvent) => (event.type === 'stage-end' ? new Promise<void>(() => undefined) : undefined) };
    const runner = new ModelRunner({ provider: createScriptedProvider(['done']), sink: { output: runnerSink }, timeoutMs: 10 });
    const result = await runner.invoke({ input: 'x', stageId: 's', sink: { output: { write: (event) => void seen.push(event) } } });
    expect(result.value).toBe('done');
    expect(seen.map((event) => event.type)).toEqual(['stage-start', 'text-delta', 'stage-end']);
  });

  it.each<[string, unknown, string]>([
    ['a sink that is not an object', 'console', 'sink'],
    ['an unknown sink', { preview: { write() {} } }, 'sink.preview'],
    ['an output sink without write', { output: {} }, 'sink.output'],
  ])('refuses %s with INPUT_INVALID naming the field, before any event', async (_name, sink, field) => {
    const seen: OutputEvent[] = [];
    const runner = new ModelRunner({ provider: createScriptedProvider(['x']), sink: { output: { write: (event) => void seen.push(event) } } });
    await expect(runner.invoke({ input: 'x', stageId: 's', sink } as never)).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field } });
    expect(seen).toEqual([]);
  });
});
