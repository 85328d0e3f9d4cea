import type { JsonObject, LogRecord, SubFlowLog } from '@jangts/agent-types';
import { FLOW_START_TYPE } from '../flow-start-type.js';
import { check, checkEqual, checkRefused } from './conformance-assert.js';
import { readAllPages, seqs, upTo, type ConformancePart } from './conformance-context.js';

const view = ({ flowId, type, data }: LogRecord): { flowId: string; type: string; data: unknown } => ({ flowId, type, data });

/** Writing: records, flows, seq, ordering under concurrency, refusals, restart. */
export const writingPart: ConformancePart = (test) => {
  test('records each flow with trace id, flow id, seq, time, type and data, starting it with flow.start', async ({ store }) => {
    const root = store.open('run-1', 'turn');
    root.record('model.start', { stageId: 'reply', chars: 2, nested: { list: [1, 'two', null, true] } });
    const child = root.child('tool');
    child.record('tool.end', { ok: true });
    child.child().record('leaf');
    root.record('model.end');
    await store.flush();
    const { records } = await readAllPages(store.reader, 'run-1', 100);
    const grandchild = records[4];
    check(grandchild !== undefined, 'the grandchild flow starts with a record');
    checkEqual(records.map(view), [
      { flowId: root.flowId, type: FLOW_START_TYPE, data: { name: 'turn' } },
      { flowId: root.flowId, type: 'model.start', data: { stageId: 'reply', chars: 2, nested: { list: [1, 'two', null, true] } } },
      { flowId: child.flowId, type: FLOW_START_TYPE, data: { parentFlowId: root.flowId, name: 'tool' } },
      { flowId: child.flowId, type: 'tool.end', data: { ok: true } },
      { flowId: grandchild.flowId, type: FLOW_START_TYPE, data: { parentFlowId: child.flowId } },
      { flowId: grandchild.flowId, type: 'leaf', data: undefined },
      { flowId: root.flowId, type: 'model.end', data: undefined },
    ], 'the records of the flows, in the order of the record() calls');
    checkEqual(seqs(records), upTo(7), 'seq from 0, one more per record');
    for (const record of records) {
      check(record.traceId === 'run-1', 'every record names its trace', record);
      check(new Date(record.at).toISOString() === record.at, 'at is an ISO 8601 UTC time', record.at);
    }
    checkEqual([root.traceId, child.traceId, root.parentFlowId, child.parentFlowId], ['run-1', 'run-1', undefined, root.flowId], 'the flows name their trace and parent');
    check(new Set(records.map((record) => record.flowId)).size === 3, 'every flow has its own id');
  });

  test('keeps seq consecutive and each flow in call order when many flows of several traces record at once', async ({ store }) => {
    const traceIds = ['burst-0', 'burst-1', 'burst-2', 'burst-3'];
    const perFlow = 40;
    const flowsPerTrace = 6;
    const yieldNow = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.all(
      traceIds.flatMap((traceId) => {
        const root = store.open(traceId);
        return upTo(flowsPerTrace).map(async (flow) => {
          const log: SubFlowLog = flow === 0 ? root : root.child(`flow-${flow}`);
          for (let index = 0; index < perFlow; index += 1) {
            log.record('step', { flow, index, text: 'x'.repeat(100) });
            if ((index + flow) % 7 === 0) await yieldNow();
          }
        });
      }),
    );
    await store.flush();
    for (const traceId of traceIds) {
      const { records } = await readAllPages(store.reader, traceId, 97);
      checkEqual(seqs(records), upTo(flowsPerTrace + flowsPerTrace * perFlow), `${traceId}: seq consecutive from 0, nothing lost`);
      check(records.every((record) => record.traceId === traceId), `${traceId}: only its own records`);
      for (let flow = 0; flow < flowsPerTrace; flow += 1) {
        const steps = records.filter((record) => record.type === 'step' && record.data?.flow === flow);
        checkEqual(steps.map((record) => record.data?.index), upTo(perFlow), `${traceId}: flow ${flow} in call order`);
        check(new Set(steps.map((record) => record.flowId)).size === 1, `${traceId}: flow ${flow} under one flow id`);
      }
    }
  });

  test('refuses a bad record, trace id or flow name with INPUT_INVALID naming the field; a refused record takes no seq', async ({ store }) => {
    const log = store.open('refusals');
    const record = (type: unknown, data?: unknown) => (): void => {
      log.record(type as string, data as JsonObject);
    };
    await checkRefused(record(''), { code: 'INPUT_INVALID', field: 'type' }, 'an empty type');
    await checkRefused(record('t'.repeat(129)), { code: 'INPUT_INVALID', field: 'type' }, 'a type over 128 characters');
    await checkRefused(record(42), { code: 'INPUT_INVALID', field: 'type' }, 'a type that is not a string');
    await checkRefused(record('a', [1]), { code: 'INPUT_INVALID', field: 'data' }, 'data that is a list');
    await checkRefused(record('a', { when: new Date(0) }), { code: 'INPUT_INVALID', field: 'data.when' }, 'data holding a Date');
    await checkRefused(record('a', { n: Number.NaN }), { code: 'INPUT_INVALID', field: 'data.n' }, 'data holding NaN');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await checkRefused(record('a', cyclic), { code: 'INPUT_INVALID', field: 'data.self' }, 'data holding a cycle');
    await checkRefused(() => store.open(''), { code: 'INPUT_INVALID', field: 'traceId' }, 'an empty trace id');
    await checkRefused(() => store.open('../escape'), { code: 'INPUT_INVALID', field: 'traceId' }, 'a trace id with a path in it');
    await checkRefused(() => store.open('x'.repeat(121)), { code: 'INPUT_INVALID', field: 'traceId' }, 'a trace id over 120 characters');
    await checkRefused(() => store.open('ok', ''), { code: 'INPUT_INVALID', field: 'name' }, 'an empty flow name');
    await checkRefused(() => log.child(''), { code: 'INPUT_INVALID', field: 'name' }, 'an empty child name');
    log.record('accepted');
    await store.flush();
    const { records } = await readAllPages(store.reader, 'refusals', 10);
    checkEqual(records.map((item) => [item.seq, item.type]), [[0, FLOW_START_TYPE], [1, 'accepted']], 'only the accepted records, seq without a hole');
  });

  test('continues the seq of a trace in a store reopened over the same storage (restart)', async (context) => {
    const first = context.store.open('kept', 'before');
    first.record('a');
    first.record('b');
    const store = await context.restart();
    const second = store.open('kept', 'after');
    second.record('c');
    await store.flush();
    const { records } = await readAllPages(store.reader, 'kept', 100);
    checkEqual(records.map((record) => [record.seq, record.type]), [[0, FLOW_START_TYPE], [1, 'a'], [2, 'b'], [3, FLOW_START_TYPE], [4, 'c']], 'the trace continues after the restart');
    check(records[0]?.flowId === first.flowId && records[3]?.flowId === second.flowId, 'each open gives a new root flow');
  });
};
