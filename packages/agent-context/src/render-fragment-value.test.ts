import type { AgentCoreError, JsonValue } from '@jangts/agent-types';
import { MAX_INPUT_DEPTH } from '@jangts/agent-types/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { question, refusal, unicodeText } from '../test/fragment-arbitraries.js';
import { assembleContextPlan } from './assemble-context-plan.js';
import { engineStringLengthError, measureJsonText } from './render-fragment-value.js';
import { validateContextFragment } from './validate-context-fragment.js';

/** Counts property reads of the objects it wraps; reads past `budget` throw (a getter that throws). */
class ReadCounter {
  reads = 0;
  constructor(private readonly budget: number) {}

  wrap = <TTarget extends object>(target: TTarget): TTarget =>
    new Proxy(target, {
      get: (object, key, receiver) => {
        this.reads += 1;
        if (this.reads > this.budget) throw new Error('read budget exceeded');
        return Reflect.get(object, key, receiver) as unknown;
      },
    });
}

/** `v = { a: v, b: v }` `levels` times over: `levels + 1` objects, 2^levels paths. */
function sharedTower(levels: number, wrap: <TTarget extends object>(target: TTarget) => TTarget = (target) => target): Record<string, unknown> {
  let node: Record<string, unknown> = wrap({ leaf: 1 });
  for (let level = 0; level < levels; level += 1) node = wrap({ a: node, b: node });
  return node;
}

/** The JSON text length of `sharedTower(levels)`: `{"leaf":1}` is 10, each level doubles it and adds `{"a":,"b":}`. */
const towerTextLength = (levels: number): number => 21 * 2 ** levels - 11;

/** A record nested `levels` levels deep (the record itself is level 1). */
function nest(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level += 1) value = { a: value };
  return value;
}

describe('renderFragmentValue', () => {
  it(`accepts ${MAX_INPUT_DEPTH} levels of nesting (the door's one limit) and rejects one more`, () => {
    expect(validateContextFragment(question({ value: nest(MAX_INPUT_DEPTH), maxChars: 100_000 }))).toBe(JSON.stringify(nest(MAX_INPUT_DEPTH)));
    // Field names are cut after 256 characters, pointers after 512 (the door's rule): both end in `…`.
    const field = `fragment.value${'.a'.repeat(MAX_INPUT_DEPTH)}`.slice(0, 256);
    const pointer = `/fragment/value${'/a'.repeat(MAX_INPUT_DEPTH)}`.slice(0, 512);
    expect(() => validateContextFragment(question({ value: nest(MAX_INPUT_DEPTH + 1), maxChars: 100_000 }))).toThrow(
      refusal('FRAGMENT_INVALID', {
        message: `validateContextFragment: ${field}… is nested deeper than ${MAX_INPUT_DEPTH} levels`,
        details: { field: `${field}…`, path: `${pointer}…`, rule: 'depth', limit: MAX_INPUT_DEPTH },
      }),
    );
  });

  describe('with shared objects', () => {
    it('measures the text of a record with 2^24 paths through 25 objects without building it, and refuses it with FRAGMENT_BUDGET', () => {
      const counter = new ReadCounter(2_000);
      const value = sharedTower(24, counter.wrap);
      expect(() => validateContextFragment(question({ value, maxChars: 1000 }))).toThrow(
        refusal('FRAGMENT_BUDGET', {
          message: `validateContextFragment: fragment.value renders to ${towerTextLength(24)} characters of JSON (UTF-16 code units), over maxChars (1000)`,
          details: { field: 'fragment.value', path: '/fragment/value', rule: 'budget', limit: 1000, actual: towerTextLength(24) },
        }),
      );
      expect(counter.reads).toBeLessThan(2_000);
    });

    it('refuses a record whose text no engine string can hold with FRAGMENT_INVALID (engine-string-length), budget or not', () => {
      const counter = new ReadCounter(2_000);
      const value = sharedTower(40, counter.wrap);
      for (const checkBudget of [true, false]) {
        expect(() => validateContextFragment(question({ value, maxChars: Number.MAX_SAFE_INTEGER }), undefined, checkBudget)).toThrow(
          refusal('FRAGMENT_INVALID', {
            details: { field: 'fragment.value', path: '/fragment/value', rule: 'engine-string-length' },
            cause: expect.any(RangeError),
          }),
        );
      }
      expect(counter.reads).toBeLessThan(2_000);
      const plan = () => assembleContextPlan({ fragments: [], originalFragments: [question({ value: sharedTower(40) })], mutableFragmentIds: ['question'], maxInputChars: 10 });
      expect(plan).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'originalFragments[0].value', rule: 'engine-string-length' }) }));
    });

    it('reads an array shared by every item of another once, and measures the text before building it', () => {
      const size = 4_000;
      const counter = new ReadCounter(3 * size);
      const shared = counter.wrap(Array.from({ length: size }, () => 0));
      const value = { rows: Array.from({ length: size }, () => shared) };
      // {"rows":[…]} around `size` copies of [0,…,0] (2 * size + 1 characters each), comma-separated
      expect(() => validateContextFragment(question({ value, maxChars: 10 }))).toThrow(
        refusal('FRAGMENT_BUDGET', { details: expect.objectContaining({ limit: 10, actual: 2 * size ** 2 + 2 * size + 10 }) }),
      );
      expect(counter.reads).toBeLessThanOrEqual(3 * size);
    });

    it('returns the text of a shared record that fits, with every shared object written out', () => {
      const value = sharedTower(10);
      const text = validateContextFragment(question({ value, maxChars: towerTextLength(10) }));
      expect(text).toBe(JSON.stringify(value));
      expect(text).toHaveLength(towerTextLength(10));
      expect(() => validateContextFragment(question({ value, maxChars: towerTextLength(10) - 1 }))).toThrow(
        refusal('FRAGMENT_BUDGET', { details: expect.objectContaining({ actual: towerTextLength(10) }) }),
      );
    });

    it('names the first part past the depth limit when a shared object is reached again deeper, as reading it again would', () => {
      // Shallow first (read once, nesting three levels below itself), then deep enough that it would pass the limit.
      const shared = (): Record<string, unknown> => ({ list: Array.from({ length: 40 }, (_, index) => index), inner: { deeper: [1, { x: 2 }] } });
      const wrapped = (levels: number, value: unknown): unknown => {
        for (let level = 0; level < levels; level += 1) value = [value];
        return value;
      };
      const deepest = MAX_INPUT_DEPTH - 4;
      const once = shared();
      expect(() => validateContextFragment(question({ value: { first: once, second: wrapped(deepest - 1, once) }, maxChars: 1_000_000 }))).not.toThrow();
      const refusalOf = (value: Record<string, unknown>): unknown => {
        try {
          return validateContextFragment(question({ value, maxChars: 1_000_000 }));
        } catch (error) {
          return error;
        }
      };
      const reused = refusalOf({ first: once, second: wrapped(deepest, once) });
      const copied = refusalOf({ first: shared(), second: wrapped(deepest, shared()) });
      expect(reused).toEqual(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ rule: 'depth', limit: MAX_INPUT_DEPTH }) }));
      expect((reused as AgentCoreError).details).toEqual((copied as AgentCoreError).details);
      expect((reused as AgentCoreError).message).toBe((copied as AgentCoreError).message);
    });
  });

  describe('measureJsonText', () => {
    it('is the length of JSON.stringify, escapes and lone surrogates included', () => {
      const value = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<JsonValue>;
      const text = unicodeText({ maxLength: 20 });
      fc.assert(
        fc.property(fc.oneof(value, text, fc.dictionary(text, value, { maxKeys: 5 })), (json) => {
          expect(measureJsonText(json)).toBe(JSON.stringify(json).length);
        }),
      );
    });

    it('writes numbers as JSON.stringify does', () => {
      for (const number of [-0, 0, 1e21, 1e-7, 5e-324, -1.5, Number.MAX_VALUE, 123456789012345680000]) {
        expect(measureJsonText([number])).toBe(JSON.stringify([number]).length);
      }
    });

    it('measures each shared object once, however many paths lead to it', () => {
      let node: JsonValue = { leaf: 'x' };
      for (let level = 0; level < 60; level += 1) node = { a: node, b: [node] };
      expect(measureJsonText(node)).toBeGreaterThan(2 ** 60);
      let small: JsonValue = { leaf: 'x' };
      for (let level = 0; level < 12; level += 1) small = { a: small, b: [small] };
      expect(measureJsonText(small)).toBe(JSON.stringify(small).length);
    });
  });

  describe('engineStringLengthError', () => {
    it('is undefined for lengths any engine string can have', () => {
      for (const length of [0, 1, 12, 13, 1000, 2 ** 20, 2 ** 28 - 16]) expect(engineStringLengthError(length)).toBeUndefined();
    });

    it('is the RangeError the engine raises for a length past its limit', () => {
      for (const length of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
        expect(engineStringLengthError(length)).toBeInstanceOf(RangeError);
        expect(() => 'x'.repeat(length)).toThrow(RangeError);
      }
    });

    it('refuses lengths that are not lengths', () => {
      for (const length of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) expect(engineStringLengthError(length)).toBeInstanceOf(RangeError);
    });

    it('agrees with the engine at its limit, found without building a long string', () => {
      let fits = 0;
      let fails = 2 ** 32;
      while (fails - fits > 1) {
        const middle = Math.floor((fits + fails) / 2);
        if (engineStringLengthError(middle) === undefined) fits = middle;
        else fails = middle;
      }
      // String#repeat makes a rope in V8 (cheap), and fails at the engine's limit.
      expect('x'.repeat(fits)).toHaveLength(fits);
      expect(() => 'x'.repeat(fails)).toThrow(RangeError);
    });
  });
});
