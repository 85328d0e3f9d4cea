import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import type { ReflectionOptions } from './reflection-options.js';
import { call, memorySource, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const { model } = scriptedModel([]);
const source = memorySource([]);
const SAFE = Number.MAX_SAFE_INTEGER;

const validOptions = fc
  .record({ maxCalls: fc.integer({ min: 2, max: SAFE }), maxPages: fc.integer({ min: 1, max: SAFE }), maxEvents: fc.integer({ min: 1, max: SAFE }), maxEvidenceChars: fc.integer({ min: 1, max: SAFE }) })
  .chain((budgets) => fc.integer({ min: 1, max: budgets.maxCalls - 1 }).map((reserveCalls) => ({ model, source, authorize: () => undefined, ...budgets, reserveCalls })));

const notAnInteger = fc.oneof(fc.double({ noInteger: true }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -Number.MAX_VALUE), fc.string(), fc.boolean(), fc.constant(null), fc.bigInt());

/** One option made wrong, and the field the refusal must name. */
const wrong: fc.Arbitrary<{ key: string; value: unknown; field: string }> = fc.oneof(
  fc.record({ key: fc.constantFrom('maxCalls', 'reserveCalls', 'maxPages', 'maxEvents', 'maxEvidenceChars'), value: fc.oneof(notAnInteger, fc.integer({ max: 0 }), fc.constantFrom(2 ** 53, 1e300)) }).map(({ key, value }) => ({ key, value, field: key })),
  fc.record({ key: fc.constant('authorize'), value: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object()) }).map(({ key, value }) => ({ key, value, field: key })),
  fc.oneof(fc.string(), fc.integer(), fc.constant(null)).map((value) => ({ key: 'model', value, field: 'model' })),
  fc.oneof(fc.string(), fc.integer(), fc.constant(null)).map((value) => ({ key: 'source', value, field: 'source' })),
  fc.string({ maxLength: 4 }).filter((id) => id.trim() === '').map((id) => ({ key: 'source', value: { ...source, id }, field: 'source.id' })),
  fc.string({ minLength: 1, maxLength: 20 }).filter((key) => !['model', 'source', 'authorize', 'maxCalls', 'reserveCalls', 'maxPages', 'maxEvents', 'maxEvidenceChars', '__proto__'].includes(key)).map((key) => ({ key, value: 1, field: key })),
);

const define = (options: unknown) => () => defineReflection(options as ReflectionOptions<unknown>);

describe('defineReflection options (property)', () => {
  it('accepts every valid set of options', () => {
    fc.assert(
      fc.property(validOptions, (options) => {
        expect(typeof defineReflection(options).run).toBe('function');
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses reserveCalls not below maxCalls, naming it and the limit', () => {
    fc.assert(
      fc.property(validOptions, fc.nat(), (options, above) => {
        const reserveCalls = Math.min(SAFE, options.maxCalls + (above % 3));
        expect(define({ ...options, reserveCalls })).toThrow(
          expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'reserveCalls', rule: 'order', limit: options.maxCalls - 1 }) as object }) as Error,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every set of options with one field made wrong, naming that field', () => {
    fc.assert(
      fc.property(validOptions, wrong, (options, { key, value, field }) => {
        expect(define({ ...options, [key]: value })).toThrow(
          expect.objectContaining({
            code: 'CONFIG_INVALID',
            message: expect.stringMatching(/^defineReflection options: /) as string,
            details: expect.objectContaining({ field }) as object,
          }) as Error,
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('lets nothing but CONFIG_INVALID escape for any value at all', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSparseArray: true, withNullPrototype: true }), fc.boolean(), (value, merge) => {
        try {
          defineReflection((merge && typeof value === 'object' && value !== null ? { ...value, model, source } : value) as ReflectionOptions<unknown>);
        } catch (error) {
          expect(AgentCoreError.isInstance(error) && error.code).toBe('CONFIG_INVALID');
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('Reflection.run arguments (property)', () => {
  const budgets = { maxCalls: 2, reserveCalls: 1, maxPages: 1, maxEvents: 1, maxEvidenceChars: 1 };

  it('runs for every non-blank question and context with a signal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }).filter((question) => question.trim() !== ''), fc.anything(), async (question, app) => {
        const reflection = defineReflection({ model: scriptedModel([call('submit_report', { summary: 's', findings: [] })]).model, source, authorize: () => undefined, ...budgets });
        await expect(reflection.run(question, testContext(app))).resolves.toMatchObject({ question, stoppedBy: 'report' });
      }),
      { numRuns: 200 },
    );
  });

  it('rejects a blank question or a context without a signal with INPUT_INVALID naming it, never throwing synchronously', async () => {
    const reflection = defineReflection({ model, source, authorize: () => undefined, ...budgets });
    const badQuestion = fc.oneof(fc.string({ maxLength: 4 }).filter((text) => text.trim() === ''), fc.integer(), fc.constant(null)).map((question) => ({ question, context: testContext(), field: 'question' }));
    const badContext = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.record({ app: fc.anything() })).map((context) => ({ question: 'q', context, field: context === undefined || context === null || typeof context === 'string' ? 'context' : 'context.signal' }));
    await fc.assert(
      fc.asyncProperty(fc.oneof(badQuestion, badContext), async ({ question, context, field }) => {
        let pending: Promise<unknown> | undefined;
        expect(() => {
          pending = reflection.run(question as string, context as never);
        }).not.toThrow();
        await expect(pending).rejects.toMatchObject({ code: 'INPUT_INVALID', details: expect.objectContaining({ field }) as object });
      }),
      { numRuns: 500 },
    );
  });
});
