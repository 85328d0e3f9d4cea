import { defineReflectionLogSource } from '@jangts/agent-reflection';
import { AgentCoreError, type LogRecord } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { createMemoryTrace } from './create-memory-trace.js';

const signal = new AbortController().signal;
const at = new Date('2024-05-01T10:15:00.000Z');

function refusal(attempt: () => unknown): { code: string; field: unknown } {
  try {
    attempt();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return { code: error.code, field: error.details.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

async function readAll(trace: ReturnType<typeof createMemoryTrace>, limit: number, types?: string[]): Promise<{ pages: LogRecord[][]; cursors: string[] }> {
  const pages: LogRecord[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await trace.reader.read({ traceId: trace.traceId, limit, signal, ...(types === undefined ? {} : { types }), ...(cursor === undefined ? {} : { cursor }) });
    pages.push([...page.records]);
    expect(page.gaps).toEqual([]);
    expect(page.complete).toBe(page.cursor === undefined);
    cursor = page.cursor;
    if (cursor !== undefined) cursors.push(cursor);
  } while (cursor !== undefined);
  return { pages, cursors };
}

describe('createMemoryTrace', () => {
  it('records flows and their records in one sequence, each flow starting with flow.start', () => {
    const trace = createMemoryTrace('t1', () => at);
    const turn = trace.open('turn');
    turn.record('ticket.opened', { ticketId: '4711' });
    const stage = turn.child('stage');
    stage.record('model.end', { ok: true });
    turn.record('reply.sent');
    expect(stage.parentFlowId).toBe(turn.flowId);
    expect(trace.records()).toEqual([
      { traceId: 't1', flowId: 'flow-1', seq: 0, at: at.toISOString(), type: 'flow.start', data: { name: 'turn' } },
      { traceId: 't1', flowId: 'flow-1', seq: 1, at: at.toISOString(), type: 'ticket.opened', data: { ticketId: '4711' } },
      { traceId: 't1', flowId: 'flow-2', seq: 2, at: at.toISOString(), type: 'flow.start', data: { name: 'stage', parentFlowId: 'flow-1' } },
      { traceId: 't1', flowId: 'flow-2', seq: 3, at: at.toISOString(), type: 'model.end', data: { ok: true } },
      { traceId: 't1', flowId: 'flow-1', seq: 4, at: at.toISOString(), type: 'reply.sent' },
    ]);
  });

  it('keeps a frozen copy of the data: changing the original afterwards changes nothing', () => {
    const trace = createMemoryTrace('t1');
    const data = { list: [1, 2] };
    trace.open('turn').record('x', data);
    data.list.push(3);
    const record = trace.records()[1]!;
    expect(record.data).toEqual({ list: [1, 2] });
    expect(Object.isFrozen(record.data?.list)).toBe(true);
  });

  it('refuses what a SubFlowLog may not record, naming the field', () => {
    const log = createMemoryTrace('t1').open('turn');
    expect(refusal(() => { log.record(''); })).toEqual({ code: 'INPUT_INVALID', field: 'type' });
    expect(refusal(() => { log.record('x'.repeat(129)); })).toEqual({ code: 'INPUT_INVALID', field: 'type' });
    expect(refusal(() => { log.record('x', { when: new Date() } as never); })).toEqual({ code: 'INPUT_INVALID', field: 'data.when' });
    expect(refusal(() => { log.record('x', { list: [1, Number.NaN] }); })).toEqual({ code: 'INPUT_INVALID', field: 'data.list[1]' });
    expect(refusal(() => { log.record('x', { text: 'x'.repeat(20_000) }); })).toEqual({ code: 'INPUT_INVALID', field: 'data' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(refusal(() => { log.record('x', cyclic as never); })).toEqual({ code: 'INPUT_INVALID', field: 'data.self' });
    expect(refusal(() => log.child(''))).toEqual({ code: 'INPUT_INVALID', field: 'name' });
  });

  it('pages by cursor, each record once and in order, with types filtering', async () => {
    const trace = createMemoryTrace('t1');
    const log = trace.open('turn');
    for (let index = 0; index < 7; index++) log.record(index % 2 === 0 ? 'even' : 'odd', { index });
    const all = await readAll(trace, 3);
    expect(all.pages.map((page) => page.map((record) => record.seq))).toEqual([[0, 1, 2], [3, 4, 5], [6, 7]]);
    const even = await readAll(trace, 2, ['even']);
    expect(even.pages.map((page) => page.map((record) => record.data?.index))).toEqual([[0, 2], [4, 6]]);
    // The last matching record ends the read: no cursor to an empty page.
    expect(even.cursors).toHaveLength(1);
  });

  it('refuses another trace, a foreign cursor, a bad limit and an aborted read', async () => {
    const trace = createMemoryTrace('t1');
    trace.open('turn');
    const read = (request: object) => trace.reader.read({ traceId: 't1', limit: 1, signal, ...request });
    await expect(read({ traceId: 't2' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(read({ cursor: 'memory:9' })).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'cursor' } });
    await expect(read({ cursor: 'offset:0' })).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'cursor' } });
    await expect(read({ limit: 0 })).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'limit' } });
    await expect(read({ types: [''] })).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'types' } });
    await expect(read({ signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('is a reader the reflection log source accepts: records become evidence <traceId>:<seq>', async () => {
    const trace = createMemoryTrace('t1');
    trace.open('turn').record('reply.sent', { bubbles: 3 });
    const source = defineReflectionLogSource({ reader: trace.reader, traceId: 't1', id: 'trace', authorize: () => undefined });
    const page = await source.query({ limit: 10 }, { app: {}, signal });
    expect(page.items.map((item) => [item.id, item.type])).toEqual([['t1:0', 'flow.start'], ['t1:1', 'reply.sent']]);
    expect(page.coverage).toEqual({ consistency: 'best-effort', complete: true, gaps: [] });
  });
});
