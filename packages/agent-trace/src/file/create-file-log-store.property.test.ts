import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject, LogRecord, SubFlowLog } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFileLogStore } from './create-file-log-store.js';
import type { FileLogStore } from './file-log-store.js';

const TRACES = ['trace-a', 'trace-B', 'trace-c'] as const;
const TYPES = ['a', 'b', 'model.start', 'tool.end'] as const;

type Step =
  | { readonly kind: 'open'; readonly trace: number; readonly name: string | undefined }
  | { readonly kind: 'child'; readonly flow: number; readonly name: string | undefined }
  | { readonly kind: 'record'; readonly flow: number; readonly type: string; readonly data: JsonObject | undefined }
  | { readonly kind: 'flush' | 'reopen' | 'yield' };

const names = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const), trace: fc.nat(TRACES.length - 1), name: names }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('child' as const), flow: fc.nat(), name: names }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      flow: fc.nat(),
      type: fc.constantFrom(...TYPES),
      data: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) as fc.Arbitrary<JsonObject>, {
        nil: undefined,
      }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('flush' as const, 'reopen' as const, 'yield' as const) }) },
);

interface Expected {
  readonly flowId: string;
  readonly type: string;
  readonly data: JsonObject | undefined;
}

async function run(directory: string, steps: readonly Step[]): Promise<{ store: FileLogStore; expected: Map<string, Expected[]> }> {
  const expected = new Map<string, Expected[]>(TRACES.map((traceId) => [traceId, []]));
  let store = createFileLogStore({ directory });
  let flows: SubFlowLog[] = [];
  const started = (flow: SubFlowLog, name: string | undefined): void => {
    const data = { ...(flow.parentFlowId === undefined ? {} : { parentFlowId: flow.parentFlowId }), ...(name === undefined ? {} : { name }) };
    expected.get(flow.traceId)!.push({ flowId: flow.flowId, type: 'flow.start', data: Object.keys(data).length === 0 ? undefined : data });
    flows.push(flow);
  };
  for (const current of steps) {
    switch (current.kind) {
      case 'open':
        started(store.open(TRACES[current.trace]!, current.name), current.name);
        break;
      case 'child': {
        const parent = flows[current.flow % Math.max(flows.length, 1)];
        if (parent !== undefined) started(parent.child(current.name), current.name);
        break;
      }
      case 'record': {
        const flow = flows[current.flow % Math.max(flows.length, 1)];
        if (flow === undefined) break;
        flow.record(current.type, current.data);
        // What JSON keeps of the data: `-0` is written as `0` (fast-check's JSON values include -0).
        const kept = current.data === undefined ? undefined : (JSON.parse(JSON.stringify(current.data)) as JsonObject);
        expected.get(flow.traceId)!.push({ flowId: flow.flowId, type: current.type, data: kept });
        break;
      }
      case 'flush':
        await store.flush();
        break;
      case 'reopen':
        await store.close();
        store = createFileLogStore({ directory });
        flows = [];
        break;
      case 'yield':
        await new Promise((resolve) => setImmediate(resolve));
        break;
    }
  }
  return { store, expected };
}

async function readAll(store: FileLogStore, traceId: string, limit: number, types: readonly string[] | undefined): Promise<LogRecord[]> {
  const signal = new AbortController().signal;
  const records: LogRecord[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await store.reader.read({ traceId, limit, signal, ...(types === undefined ? {} : { types }), ...(cursor === undefined ? {} : { cursor }) });
    expect(page.records.length).toBeLessThanOrEqual(limit);
    expect(page.gaps).toEqual([]);
    records.push(...page.records);
    cursor = page.cursor;
    if (cursor === undefined) {
      expect(page.complete).toBe(records.length > 0 || page.records.length === 0);
      return records;
    }
    expect(page.complete).toBe(false);
  }
}

describe('createFileLogStore (property)', () => {
  it('reads back exactly what was written, in order, whatever the steps and page sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 80 }),
        fc.integer({ min: 1, max: 25 }),
        fc.option(fc.subarray([...TYPES, 'flow.start'], { minLength: 1 }), { nil: undefined }),
        async (steps, limit, types) => {
          const directory = await mkdtemp(join(tmpdir(), 'agent-log-property-'));
          const { store, expected } = await run(directory, steps);
          try {
            for (const traceId of TRACES) {
              const written = expected.get(traceId)!;
              if (written.length === 0) continue;
              const all = await readAll(store, traceId, limit, undefined);
              expect(all.map((record) => record.seq)).toEqual(written.map((_, index) => index));
              expect(all.map(({ flowId, type, data }) => ({ flowId, type, data }))).toEqual(written);
              for (const record of all) {
                expect(record.traceId).toBe(traceId);
                expect(new Date(record.at).toISOString()).toBe(record.at);
              }
              const filtered = await readAll(store, traceId, limit, types);
              expect(filtered).toEqual(types === undefined ? all : all.filter((record) => types.includes(record.type)));
            }
          } finally {
            await store.close();
            await rm(directory, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
