import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import type { ReflectionOptions } from './reflection-options.js';
import { memorySource, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const valid = (): Record<string, unknown> => ({
  model: scriptedModel([]).model,
  source: memorySource([]),
  authorize: async () => {},
  maxCalls: 4,
  reserveCalls: 1,
  maxPages: 4,
  maxEvents: 64,
  maxEvidenceChars: 12_000,
});

const define = (options: unknown) => () => defineReflection(options as ReflectionOptions<unknown>);

/** The one form of a refused option: `defineReflection options: <field> <problem>`, `details.field` naming it. */
function configInvalid(field: string, rule?: string) {
  return expect.objectContaining({
    code: 'CONFIG_INVALID',
    message: expect.stringMatching(new RegExp(`^defineReflection options: ${field.replace(/[[\].]/g, '\\$&')} `)) as string,
    details: expect.objectContaining({ field, ...(rule === undefined ? {} : { rule }) }) as object,
  }) as Error;
}

describe('defineReflection options', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an unknown option', { maxcalls: 4 }, 'maxcalls', 'unknown'],
    ['a model without invoke', { model: {} }, 'model.invoke', 'required'],
    ['a model that is not an object', { model: 'gpt' }, 'model', 'type'],
    ['a missing source', { source: undefined }, 'source', 'required'],
    ['a source with an empty id', { source: { ...memorySource([]), id: '' } }, 'source.id', 'length'],
    ['a source with a blank id', { source: { ...memorySource([]), id: '  ' } }, 'source.id', 'blank'],
    ['a source without description', { source: { id: 's', authorize: () => undefined, query: async () => ({}) } }, 'source.description', 'required'],
    ['a source without authorize', { source: { id: 's', description: '', query: async () => ({}) } }, 'source.authorize', 'required'],
    ['a source without query', { source: { id: 's', description: '', authorize: () => undefined } }, 'source.query', 'required'],
    ['a missing authorize', { authorize: 'yes' }, 'authorize', 'type'],
    ['maxCalls of 1', { maxCalls: 1 }, 'maxCalls', 'range'],
    ['a fractional maxCalls', { maxCalls: 2.5 }, 'maxCalls', 'type'],
    ['reserveCalls of 0', { reserveCalls: 0 }, 'reserveCalls', 'range'],
    ['reserveCalls equal to maxCalls', { reserveCalls: 4 }, 'reserveCalls', 'order'],
    ['maxPages of 0', { maxPages: 0 }, 'maxPages', 'range'],
    ['a NaN maxEvents', { maxEvents: Number.NaN }, 'maxEvents', 'type'],
    ['an infinite maxEvidenceChars', { maxEvidenceChars: Number.POSITIVE_INFINITY }, 'maxEvidenceChars', 'type'],
    ['a string budget', { maxPages: '4' }, 'maxPages', 'type'],
  ];
  for (const [name, change, field, rule] of cases) {
    it(`refuses ${name} with CONFIG_INVALID naming ${field}`, () => {
      expect(define({ ...valid(), ...change })).toThrow(configInvalid(field, rule));
    });
  }

  it('suggests the option an unknown name is closest to', () => {
    expect(define({ ...valid(), maxcalls: 4 })).toThrow(expect.objectContaining({ details: expect.objectContaining({ suggestion: 'maxCalls' }) as object }) as Error);
  });

  it.each([
    [{ maxEvents: 2 ** 53 }, 'maxEvents', 'range', 1, Number.MAX_SAFE_INTEGER, 2 ** 53],
    [{ maxCalls: 1 }, 'maxCalls', 'range', 2, 2, 1],
    [{ maxPages: Number.NaN }, 'maxPages', 'type', 1, undefined, 'NaN'],
    [{ maxEvidenceChars: '9' }, 'maxEvidenceChars', 'type', 1, undefined, '9'],
  ])('names the range, the limit crossed and the value of a bad budget (%o)', (change, field, rule, minimum, limit, actual) => {
    const expected = `an integer from ${minimum} to ${Number.MAX_SAFE_INTEGER}`;
    expect(define({ ...valid(), ...change })).toThrow(
      expect.objectContaining({
        message: expect.stringContaining(`must be ${expected}`) as string,
        details: { field, path: `/${field}`, rule, expected, ...(limit === undefined ? {} : { limit }), actual },
      }) as Error,
    );
  });

  it('names the limit when reserveCalls is not below maxCalls', () => {
    expect(define({ ...valid(), maxCalls: 3, reserveCalls: 3 })).toThrow(
      expect.objectContaining({
        message: 'defineReflection options: reserveCalls must be less than maxCalls (3) (got 3)',
        details: { field: 'reserveCalls', path: '/reserveCalls', rule: 'order', limit: 2, actual: 3 },
      }) as Error,
    );
  });

  it('refuses options that are not a plain object', () => {
    for (const options of [undefined, null, 4, 'options', [], new Map()]) expect(define(options)).toThrow(configInvalid('options'));
  });

  it('turns a throwing getter or proxy in the options into CONFIG_INVALID naming what it guards, its throw kept as cause', () => {
    const boom = new TypeError('boom');
    const getter = Object.defineProperty(valid(), 'maxCalls', { enumerable: true, get: () => { throw boom; } });
    const proxy = new Proxy(valid(), { ownKeys: () => { throw boom; } });
    for (const [options, field] of [[getter, 'maxCalls'], [proxy, 'options']] as const) {
      expect(define(options)).toThrow(configInvalid(field, 'readable'));
      expect(define(options)).toThrow(expect.objectContaining({ cause: boom }) as Error);
    }
  });

  it('reads every option once, a source given as a class instance included', async () => {
    let reads = 0;
    class Source {
      readonly id = 'class';
      readonly description = 'a class instance';
      authorize(): void {}
      async query() {
        return { items: [], coverage: { consistency: 'snapshot', complete: true, gaps: [] } } as const;
      }
    }
    const options = Object.defineProperty(valid(), 'maxCalls', {
      enumerable: true,
      get: () => {
        reads += 1;
        return reads === 1 ? 2 : 0;
      },
    });
    const { model } = scriptedModel([{ toolCalls: [{ toolId: 'query_evidence', args: { limit: 1 } }] }, { toolCalls: [{ toolId: 'submit_report', args: { summary: 's', findings: [] } }] }]);
    const report = await defineReflection({ ...(options as unknown as ReflectionOptions<unknown>), model, source: new Source() }).run('q', testContext());
    expect(reads).toBe(1);
    expect(report).toMatchObject({ stoppedBy: 'report', coverage: { calls: 2, pages: 1 } });
  });

  it('accepts the smallest budgets', () => {
    expect(define({ ...valid(), maxCalls: 2, reserveCalls: 1, maxPages: 1, maxEvents: 1, maxEvidenceChars: 1 })).not.toThrow();
  });
});

describe('Reflection.run input', () => {
  const reflection = defineReflection(valid() as unknown as ReflectionOptions<unknown>);
  const run = (question: unknown, context: unknown) => reflection.run(question as string, context as never);
  const inputInvalid = (field: string, rule?: string) => ({
    code: 'INPUT_INVALID',
    message: expect.stringMatching(new RegExp(`^reflection\\.run: ${field.replace(/[[\].]/g, '\\$&')} `)) as string,
    details: expect.objectContaining({ field, ...(rule === undefined ? {} : { rule }) }) as object,
  });

  it('rejects a blank question with INPUT_INVALID', async () => {
    await expect(run('  ', testContext())).rejects.toMatchObject(inputInvalid('question', 'blank'));
    await expect(run('', testContext())).rejects.toMatchObject(inputInvalid('question', 'length'));
    await expect(run(5, testContext())).rejects.toMatchObject(inputInvalid('question', 'type'));
  });

  it('rejects a context without an AbortSignal with INPUT_INVALID', async () => {
    await expect(run('q', { app: {} })).rejects.toMatchObject(inputInvalid('context.signal', 'required'));
    await expect(run('q', { app: {}, signal: { aborted: false, addEventListener() {}, removeEventListener() {} } })).rejects.toMatchObject(inputInvalid('context.signal', 'type'));
    await expect(run('q', undefined)).rejects.toMatchObject(inputInvalid('context', 'required'));
  });

  it('rejects a context whose reading throws with INPUT_INVALID naming what it guards', async () => {
    const context = Object.defineProperty({ app: {} }, 'signal', { enumerable: true, get: () => { throw new TypeError('sig'); } });
    await expect(run('q', context)).rejects.toMatchObject(inputInvalid('context.signal', 'readable'));
  });

  it('rejects invalid diagnostics with INPUT_INVALID before the App authorizes the question', async () => {
    let authorized = false;
    const guarded = defineReflection({ ...(valid() as unknown as ReflectionOptions<unknown>), authorize: () => { authorized = true; } });
    await expect(guarded.run('q', { ...testContext(), diagnostics: { traceId: 5 } } as never)).rejects.toMatchObject(inputInvalid('context.diagnostics.traceId', 'type'));
    expect(authorized).toBe(false);
  });

  it('rejects a logger that is not a SubFlowLog with INPUT_INVALID', async () => {
    await expect(run('q', { ...testContext(), logger: {} })).rejects.toMatchObject(inputInvalid('context.logger.record', 'required'));
  });

  it('rejects with ABORTED before authorizing when the signal already fired', async () => {
    let authorized = false;
    const aborted = defineReflection({ ...(valid() as unknown as ReflectionOptions<unknown>), authorize: () => { authorized = true; } });
    await expect(aborted.run('q', testContext(undefined, AbortSignal.abort()))).rejects.toMatchObject({ code: 'ABORTED' });
    expect(authorized).toBe(false);
  });

  it('never throws synchronously, even for arguments that are not what it takes', () => {
    expect(() => void run(Symbol('q'), 'context').catch(() => undefined)).not.toThrow();
  });

  it('rejects only with AgentCoreError', async () => {
    const error: unknown = await run(null, null).catch((reason: unknown) => reason);
    expect(AgentCoreError.isInstance(error)).toBe(true);
  });
});
