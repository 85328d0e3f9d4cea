import type { ReflectionLogReader } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineReflectionLogSource } from './define-reflection-log-source.js';
import type { ReflectionLogSourceOptions } from './reflection-log-source-options.js';
import { testContext } from '../test/support/reflection-fixtures.js';

const reader: ReflectionLogReader = { read: async () => ({ records: [], complete: true, gaps: [] }) };
const runId = fc.string({ minLength: 1, maxLength: 512 });
const runList = fc.uniqueArray(runId, { minLength: 1, maxLength: 30 });
const nonBlank = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== '');

/** Valid options: one trace, or a scope (a list or a function); with or without a description. */
const validOptions = fc.record(
  {
    reader: fc.constant(reader),
    id: nonBlank,
    authorize: fc.constant(() => undefined),
    description: fc.option(fc.string(), { nil: undefined }),
    scope: fc.oneof(runId.map((traceId) => ({ traceId })), runList.map((runs) => ({ runs })), runList.map((runs) => ({ runs: () => runs }))),
  },
  { requiredKeys: ['reader', 'id', 'authorize', 'scope'] },
).map(({ scope, ...rest }) => ({ ...rest, ...scope }));

const KEYS = ['reader', 'traceId', 'runs', 'id', 'authorize', 'description', '__proto__'];

/** One way the options are wrong, and the field and rule the refusal must name. */
const wrong: fc.Arbitrary<{ change: Record<string, unknown>; field: string; rule?: string }> = fc.oneof(
  fc.tuple(runId, runList).map(([traceId, runs]) => ({ change: { traceId, runs }, field: 'runs', rule: 'exclusive' })),
  fc.constant({ change: { traceId: undefined, runs: undefined }, field: 'traceId', rule: 'required' }),
  fc.constant({ change: { traceId: '', runs: undefined }, field: 'traceId', rule: 'length' }),
  fc.constant({ change: { traceId: undefined, runs: [] }, field: 'runs', rule: 'length' }),
  fc.tuple(runList, fc.nat()).map(([runs, at]) => {
    const index = at % runs.length;
    return { change: { traceId: undefined, runs: [...runs.slice(0, index + 1), runs[index], ...runs.slice(index + 1)] }, field: `runs[${index + 1}]`, rule: 'duplicate' };
  }),
  fc.tuple(runList, fc.nat(), fc.constantFrom('', 'x'.repeat(513))).map(([runs, at, bad]) => {
    const index = at % (runs.length + 1);
    return { change: { traceId: undefined, runs: [...runs.slice(0, index), bad, ...runs.slice(index)] }, field: `runs[${index}]`, rule: 'length' };
  }),
  fc.oneof(fc.integer(), fc.constant(null), fc.string(), fc.object()).map((runs) => ({ change: { traceId: undefined, runs }, field: 'runs' })),
  fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.integer(), { minLength: 1 })).map((traceId) => ({ change: { traceId, runs: undefined }, field: 'traceId' })),
  fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object()).map((authorize) => ({ change: { authorize }, field: 'authorize' })),
  fc.string({ maxLength: 4 }).filter((id) => id.trim() === '').map((id) => ({ change: { id }, field: 'id' })),
  fc.oneof(fc.string(), fc.integer(), fc.constant(null)).map((value) => ({ change: { reader: value }, field: 'reader' })),
  fc.constant({ change: { reader: {} }, field: 'reader.read' }),
  fc.string({ minLength: 1, maxLength: 20 }).filter((key) => !KEYS.includes(key)).map((key) => ({ change: { [key]: 1 }, field: key, rule: 'unknown' })),
);

const define = (options: unknown) => () => defineReflectionLogSource(options as ReflectionLogSourceOptions<unknown>);

describe('defineReflectionLogSource options (property)', () => {
  it('accepts every valid set of options, and the source it returns reads', async () => {
    await fc.assert(
      fc.asyncProperty(validOptions, async (options) => {
        const source = defineReflectionLogSource(options as ReflectionLogSourceOptions<unknown>);
        expect(source.id).toBe(options.id);
        await source.authorize({ limit: 1 }, testContext());
        expect((await source.query({ limit: 1 }, testContext())).items).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every set of options made wrong in one way, naming the field', () => {
    fc.assert(
      fc.property(validOptions, wrong, (options, { change, field, rule }) => {
        expect(define({ ...options, ...change })).toThrow(
          expect.objectContaining({
            code: 'CONFIG_INVALID',
            message: expect.stringMatching(/^defineReflectionLogSource options: /) as string,
            details: expect.objectContaining({ field, ...(rule === undefined ? {} : { rule }) }) as object,
          }) as Error,
        );
      }),
      { numRuns: 1_000 },
    );
  });
});
