import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
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

function configError(options: unknown): AgentCoreError {
  try {
    defineReflection(options as ReflectionOptions<unknown>);
  } catch (error) {
    expect(AgentCoreError.isInstance(error)).toBe(true);
    return error as AgentCoreError;
  }
  throw new Error('defineReflection accepted invalid options');
}

describe('defineReflection options', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an unknown option', { maxcalls: 4 }, 'maxcalls'],
    ['a model without invoke', { model: {} }, 'model'],
    ['a missing source', { source: undefined }, 'source'],
    ['a source without id', { source: { ...memorySource([]), id: '' } }, 'source.id'],
    ['a source without description', { source: { id: 's', authorize: () => undefined, query: async () => ({}) } }, 'source.description'],
    ['a source without authorize', { source: { id: 's', description: '', query: async () => ({}) } }, 'source.authorize'],
    ['a source without query', { source: { id: 's', description: '', authorize: () => undefined } }, 'source.query'],
    ['a missing authorize', { authorize: 'yes' }, 'authorize'],
    ['maxCalls of 1', { maxCalls: 1 }, 'maxCalls'],
    ['a fractional maxCalls', { maxCalls: 2.5 }, 'maxCalls'],
    ['reserveCalls of 0', { reserveCalls: 0 }, 'reserveCalls'],
    ['reserveCalls equal to maxCalls', { reserveCalls: 4 }, 'reserveCalls'],
    ['maxPages of 0', { maxPages: 0 }, 'maxPages'],
    ['a NaN maxEvents', { maxEvents: Number.NaN }, 'maxEvents'],
    ['an infinite maxEvidenceChars', { maxEvidenceChars: Number.POSITIVE_INFINITY }, 'maxEvidenceChars'],
    ['a string budget', { maxPages: '4' }, 'maxPages'],
  ];
  for (const [name, change, field] of cases) {
    it(`refuses ${name} with CONFIG_INVALID naming ${field}`, () => {
      const error = configError({ ...valid(), ...change });
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.details.field).toBe(field);
      expect(error.message).toContain(field);
    });
  }

  it.each([
    [{ maxEvents: 2 ** 53 }, 'maxEvents', 1, 2 ** 53],
    [{ maxCalls: 1 }, 'maxCalls', 2, 1],
    [{ maxPages: Number.NaN }, 'maxPages', 1, 'NaN'],
    [{ maxEvidenceChars: '9' }, 'maxEvidenceChars', 1, '9'],
  ])('names the range and the value of a bad budget (%o)', (change, field, minimum, actual) => {
    const error = configError({ ...valid(), ...change });
    expect(error.details).toEqual({ field, minimum, limit: Number.MAX_SAFE_INTEGER, actual });
    expect(error.message).toContain(`from ${minimum} to ${Number.MAX_SAFE_INTEGER}`);
  });

  it('names the limit when reserveCalls is not below maxCalls', () => {
    expect(configError({ ...valid(), maxCalls: 3, reserveCalls: 3 }).details).toEqual({ field: 'reserveCalls', minimum: 1, limit: 2, actual: 3 });
  });

  it('refuses options that are not an object', () => {
    for (const options of [undefined, null, 4, 'options', []]) expect(configError(options).code).toBe('CONFIG_INVALID');
  });

  it('turns a throwing getter or proxy in the options into CONFIG_INVALID, its throw kept as cause', () => {
    const boom = new TypeError('boom');
    const getter = Object.defineProperty(valid(), 'maxCalls', { enumerable: true, get: () => { throw boom; } });
    const proxy = new Proxy(valid(), { ownKeys: () => { throw boom; } });
    for (const options of [getter, proxy]) {
      const error = configError(options);
      expect(error).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'options', rule: 'readable' } });
      expect(error.cause).toBe(boom);
    }
  });

  it('accepts the smallest budgets', () => {
    expect(() => defineReflection({ ...(valid() as unknown as ReflectionOptions<unknown>), maxCalls: 2, reserveCalls: 1, maxPages: 1, maxEvents: 1, maxEvidenceChars: 1 })).not.toThrow();
  });

  it('throws only AgentCoreError for arbitrary options', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...Object.keys(valid()), 'other'), fc.anything()), fc.boolean(), (change, merge) => {
        try {
          defineReflection((merge ? { ...valid(), ...change } : change) as unknown as ReflectionOptions<unknown>);
        } catch (error) {
          expect(AgentCoreError.isInstance(error)).toBe(true);
        }
      }),
    );
  });
});

describe('Reflection.run input', () => {
  const reflection = defineReflection(valid() as unknown as ReflectionOptions<unknown>);

  it('rejects a blank question with INPUT_INVALID', async () => {
    await expect(reflection.run('  ', testContext())).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'question' } });
  });

  it('rejects a context without an AbortSignal with INPUT_INVALID', async () => {
    await expect(reflection.run('q', { app: {} } as never)).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'context.signal' } });
  });

  it('rejects a context whose reading throws with INPUT_INVALID', async () => {
    const context = Object.defineProperty({ app: {} }, 'signal', { enumerable: true, get: () => { throw new TypeError('sig'); } });
    await expect(reflection.run('q', context as never)).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'context', rule: 'readable' } });
  });

  it('rejects invalid diagnostics with INPUT_INVALID before the App authorizes the question', async () => {
    let authorized = false;
    const guarded = defineReflection({ ...(valid() as unknown as ReflectionOptions<unknown>), authorize: () => { authorized = true; } });
    await expect(guarded.run('q', { ...testContext(), diagnostics: { traceId: 5 } } as never)).rejects.toMatchObject({
      code: 'INPUT_INVALID',
      details: { field: 'context.diagnostics' },
    });
    expect(authorized).toBe(false);
  });

  it('rejects a logger that is not a SubFlowLog with INPUT_INVALID', async () => {
    await expect(reflection.run('q', { ...testContext(), logger: {} } as never)).rejects.toMatchObject({ code: 'INPUT_INVALID', details: { field: 'context.logger' } });
  });

  it('rejects with ABORTED before authorizing when the signal already fired', async () => {
    let authorized = false;
    const aborted = defineReflection({ ...(valid() as unknown as ReflectionOptions<unknown>), authorize: () => { authorized = true; } });
    await expect(aborted.run('q', testContext(undefined, AbortSignal.abort()))).rejects.toMatchObject({ code: 'ABORTED' });
    expect(authorized).toBe(false);
  });

  it('never throws synchronously and rejects only with AgentCoreError for arbitrary arguments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (question, context) => {
        let result: Promise<unknown> | undefined;
        expect(() => {
          result = reflection.run(question as string, context as never);
        }).not.toThrow();
        const error: unknown = await result!.then(() => undefined, (reason: unknown) => reason);
        expect(AgentCoreError.isInstance(error)).toBe(true);
      }),
    );
  });
});
