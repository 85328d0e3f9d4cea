import fc from 'fast-check';
import { Any, Array as List, Function as Fn, Integer, Literal, Object as Struct, Optional, Record, String as Text, Union, Unknown, type TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { anyValue } from '../../test/arbitraries.js';
import { AgentCoreError } from '../agent-core-error.js';
import { live } from './live.js';
import { parser } from './parser.js';
import { reference } from './reference.js';
import { rule } from './rule.js';
import { MAX_INPUT_DEPTH, MAX_INPUT_ITEMS } from './walk.js';

import { isAbortSignal as isSignal } from './is-abort-signal.js';

const Provider = live<{ stream(): unknown; id?: string }>('a provider with a stream() method', Struct({ stream: Fn([], Any()), id: Optional(Text()) }));

const Options = Struct(
  {
    provider: Provider,
    baseURL: Optional(Text({ pattern: '^https?://' })),
    retry: Optional(Struct({ attempts: Optional(Integer({ minimum: 1, maximum: 100 })) }, { additionalProperties: false })),
    mode: Optional(Union([Literal('auto'), Literal('required')])),
    tags: Optional(List(Text({ minLength: 1 }), { maxItems: 3 })),
    signal: Optional(reference<AbortSignal>('an AbortSignal', isSignal)),
    data: Optional(Unknown()),
    onEvent: Optional(Fn([], Any())),
  },
  { additionalProperties: false },
);
const options = parser(Options, { subject: 'Thing options', code: 'CONFIG_INVALID', name: 'options' });

const Chunk = Union([
  Struct({ type: Literal('text'), text: Text() }, { additionalProperties: false }),
  Struct({ type: Literal('finish'), reason: Union([Literal('stop'), Literal('length')]) }, { additionalProperties: false }),
]);
const chunk = parser(Chunk, { subject: 'chunk', code: 'OUTPUT_INVALID', name: 'chunk' });

const provider = { async *stream() {} };

function refusal(read: () => unknown): AgentCoreError {
  try {
    read();
  } catch (error) {
    if (AgentCoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parser', () => {
  it('accepts a valid value and returns a checked copy', () => {
    const input = { provider, retry: { attempts: 3 }, tags: ['a'], data: { nested: [1, 'x', null] } };
    const read = options.parse(input);
    expect(read).toEqual({ provider: { stream: expect.any(Function) }, retry: { attempts: 3 }, tags: ['a'], data: { nested: [1, 'x', null] } });
    expect(read.retry).not.toBe(input.retry);
    expect(read.data).not.toBe(input.data);
  });

  it('words every refusal as "<subject>: <field> <problem>" with one details shape', () => {
    const error = refusal(() => options.parse({ provider, retry: { attempts: 0 } }));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe('Thing options: retry.attempts must be an integer from 1 to 100 (got 0)');
    expect(error.details).toEqual({ field: 'retry.attempts', path: '/retry/attempts', rule: 'range', expected: 'an integer from 1 to 100', limit: 1, actual: 0 });
    expect(refusal(() => options.parse({ provider, retry: { attempts: 101 } })).details).toMatchObject({ limit: 100, actual: 101 });
  });

  it('suggests the closest known name for an unknown one and lists the known names', () => {
    const error = refusal(() => options.parse({ provider, baseUrl: 'https://x' }));
    expect(error.message).toBe('Thing options: baseUrl is not a known field (did you mean baseURL?); known: provider, baseURL, retry, mode, tags, signal, data, onEvent');
    expect(error.details).toMatchObject({ field: 'baseUrl', rule: 'unknown', suggestion: 'baseURL' });
    expect(refusal(() => options.parse({ provider, zzzzzz: 1 })).details).not.toHaveProperty('suggestion');
  });

  it('says a missing field is required', () => {
    const error = refusal(() => options.parse({}));
    expect(error.message).toBe('Thing options: provider is required');
    expect(error.details).toEqual({ field: 'provider', path: '/provider', rule: 'required', expected: 'a provider with a stream() method' });
  });

  it('counts an explicit undefined as absent', () => {
    expect(options.parse({ provider, retry: undefined, mode: undefined })).toEqual({ provider: { stream: expect.any(Function) } });
    expect(refusal(() => options.parse({ provider: undefined })).details.rule).toBe('required');
  });

  it('names the input itself when the whole of it is wrong', () => {
    expect(refusal(() => options.parse(null)).message).toBe('Thing options: options must be a plain object (got null)');
    expect(refusal(() => options.parse(new Map())).details).toMatchObject({ field: 'options', path: '', rule: 'plain', actual: 'a Map instance' });
  });

  it('words patterns, lengths and unions of constants', () => {
    expect(refusal(() => options.parse({ provider, baseURL: 'ftp://x' })).message).toBe('Thing options: baseURL must match ^https?:// (got "ftp://x")');
    expect(refusal(() => options.parse({ provider, tags: ['a', 'b', 'c', 'd'] })).details).toMatchObject({ rule: 'length', limit: 3, actual: 4 });
    expect(refusal(() => options.parse({ provider, tags: [''] })).message).toBe('Thing options: tags[0] must not be empty');
    expect(refusal(() => options.parse({ provider, mode: 'manual' })).message).toBe('Thing options: mode must be one of "auto", "required" (got "manual")');
  });

  it('reads a tagged union by the member its tag names', () => {
    expect(chunk.parse({ type: 'finish', reason: 'stop' })).toEqual({ type: 'finish', reason: 'stop' });
    expect(refusal(() => chunk.parse({ type: 'finish', reason: 'done' })).message).toBe('chunk: reason must be one of "stop", "length" (got "done")');
    expect(refusal(() => chunk.parse({ type: 'text', text: 5 })).message).toBe('chunk: text must be a string (got 5)');
    expect(refusal(() => chunk.parse({ type: 'tool' })).message).toBe('chunk: type must be one of "text", "finish" (got "tool")');
    expect(refusal(() => chunk.parse('x')).message).toBe('chunk: chunk must be a plain object (got "x")');
  });

  it('tries the list members of a union each from where the union started (a refused member leaves no path, depth or cycle behind)', () => {
    const values = parser(Union([List(Text()), List(Integer()), List(List(Integer()))]), { subject: 'attributes', code: 'INPUT_INVALID', name: 'value' });
    expect(values.parse([1, 2])).toEqual([1, 2]);
    expect(values.parse([[1], [2]])).toEqual([[1], [2]]);
    expect(refusal(() => values.parse([1, 'x']))).toMatchObject({ message: 'attributes: value must be a list (got an array)', details: { field: 'value', path: '' } });
  });

  it('keeps a live object by its declared methods, bound to it, and never reads the rest', () => {
    class Remote {
      readonly id = 'remote';
      get secret(): never {
        throw new Error('must not be read');
      }
      stream(): string {
        return this.id;
      }
    }
    const read = options.parse({ provider: new Remote() });
    expect(read.provider.stream()).toBe('remote');
    expect(read.provider.id).toBe('remote');
    expect(refusal(() => options.parse({ provider: { stream: 1 } })).message).toBe('Thing options: provider.stream must be a function (got 1)');
  });

  it('keeps a reference after its own check, and refuses a look-alike', () => {
    const signal = new AbortController().signal;
    expect(options.parse({ provider, signal }).signal).toBe(signal);
    const error = refusal(() => options.parse({ provider, signal: { aborted: false, addEventListener() {} } }));
    expect(error.message).toBe('Thing options: signal must be an AbortSignal (got an object)');
  });

  it('reads every property once, whatever a getter answers later', () => {
    let reads = 0;
    const input = {
      provider,
      get retry() {
        reads += 1;
        return reads === 1 ? { attempts: 2 } : { attempts: 'many' };
      },
    };
    expect(options.parse(input).retry).toEqual({ attempts: 2 });
    expect(reads).toBe(1);
  });

  it('names what a throwing getter or proxy trap guards, keeping what it threw', () => {
    const thrown = new Error('boom');
    const error = refusal(() =>
      options.parse({
        provider,
        get retry() {
          throw thrown;
        },
      }),
    );
    expect(error.message).toBe('Thing options: retry could not be read (reading it threw)');
    expect(error.details).toMatchObject({ field: 'retry', rule: 'readable' });
    expect(error.cause).toBe(thrown);
    const trap = new Proxy({}, { ownKeys: () => { throw thrown; } });
    expect(refusal(() => options.parse({ provider, data: { list: [trap] } })).details).toMatchObject({ field: 'data.list[0]', rule: 'readable' });
  });

  it('refuses holes, cycles, class instances and non-JSON inside JSON data', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(refusal(() => options.parse({ provider, data: [1, , 3] })).details).toMatchObject({ field: 'data[1]', rule: 'hole' });
    const cycle: Record<string, unknown> = {};
    cycle.self = { again: cycle };
    expect(refusal(() => options.parse({ provider, data: cycle })).details).toMatchObject({ field: 'data.self.again', rule: 'cycle' });
    expect(refusal(() => options.parse({ provider, data: { when: new Date(0) } })).details).toMatchObject({ field: 'data.when', rule: 'plain', actual: 'a Date instance' });
    expect(refusal(() => options.parse({ provider, data: { n: Number.NaN } })).message).toBe('Thing options: data.n is not JSON (got NaN)');
    expect(refusal(() => options.parse({ provider, data: { f() {} } })).details).toMatchObject({ rule: 'json', actual: 'a function' });
  });

  it('finds a cycle and rewinds a refused union member at any depth, past the levels it scans', () => {
    const top: Record<string, unknown> = {};
    let inner = top;
    const levels: Record<string, unknown>[] = [];
    for (let level = 0; level < 40; level++) levels.push((inner = (inner.next = {}) as Record<string, unknown>));
    inner.back = levels[30];
    expect(refusal(() => options.parse({ provider, data: top })).details).toMatchObject({ rule: 'cycle', path: `/data/${'next/'.repeat(40)}back` });
    inner.back = top;
    expect(refusal(() => options.parse({ provider, data: top })).details).toMatchObject({ rule: 'cycle', path: `/data/${'next/'.repeat(40)}back` });
    const nest = (depth: number, leaf: unknown): unknown => {
      let value = leaf;
      for (let level = 0; level < depth; level++) value = [value];
      return value;
    };
    // The first member steps 30 lists deep before it refuses the leaf; the second walks the same lists again.
    let numbers: TSchema = Integer();
    let texts: TSchema = Text();
    for (let level = 0; level < 30; level++) {
      numbers = List(numbers);
      texts = List(texts);
    }
    const deep = parser(Union([numbers, texts]), { subject: 'attributes', code: 'INPUT_INVALID', name: 'value' });
    expect(deep.parse(nest(30, 'leaf'))).toEqual(nest(30, 'leaf'));
  });

  it('refuses a list longer than the item budget before reading any item', () => {
    let reads = 0;
    const huge = new Proxy([], {
      get(target, key, receiver) {
        if (key === 'length') return 2 ** 32 - 1;
        reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const error = refusal(() => options.parse({ provider, data: huge }));
    expect(error.details).toMatchObject({ field: 'data', rule: 'size', limit: MAX_INPUT_ITEMS });
    expect(reads).toBe(0);
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    expect(refusal(() => options.parse({ provider, data: sparse })).details.rule).toBe('size');
  });

  it('refuses a value nested deeper than the one depth limit, and reads one just within it', () => {
    const nest = (depth: number): unknown => {
      let value: unknown = 'leaf';
      for (let level = 0; level < depth; level++) value = [value];
      return value;
    };
    expect(() => options.parse({ provider, data: nest(MAX_INPUT_DEPTH - 2) })).not.toThrow();
    expect(refusal(() => options.parse({ provider, data: nest(MAX_INPUT_DEPTH) })).details).toMatchObject({ rule: 'depth', limit: MAX_INPUT_DEPTH });
  });

  it('copies a value that reuses its parts once per distinct part', () => {
    let shared: unknown = { leaf: 1 };
    for (let level = 0; level < 40; level++) shared = { a: shared, b: shared };
    const read = options.parse({ provider, data: shared }).data as { a: unknown; b: unknown };
    expect(read.a).toBe(read.b);
  });

  it('reads every key of a record, a key with a newline included', () => {
    const record = parser(Struct({ headers: Optional(Record(Text(), Text())) }), { subject: 's', code: 'CONFIG_INVALID', name: 'v' });
    expect(record.parse({ headers: { 'a\nb': 'x' } })).toEqual({ headers: { 'a\nb': 'x' } });
    expect(() => record.parse({ headers: { 'a\nb': 5 } })).toThrow('headers.a\nb must be a string');
  });

  it('copies a __proto__ key as an own property', () => {
    const data = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const read = options.parse({ provider, data }).data as Record<string, unknown>;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('runs cross-field rules on the snapshot, with their own path, limit and code', () => {
    const Range = rule(Struct({ low: Integer(), high: Integer() }), (value) =>
      value.high < value.low ? { path: ['high'], rule: 'order', problem: `must be at least low (${value.low})`, limit: value.low, actual: value.high, code: 'INPUT_INVALID' } : undefined,
    );
    const range = parser(Range, { subject: 'range', code: 'CONFIG_INVALID', name: 'range' });
    expect(range.parse({ low: 1, high: 2 })).toEqual({ low: 1, high: 2 });
    const error = refusal(() => range.parse({ low: 3, high: 2 }));
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toBe('range: high must be at least low (3)');
    expect(error.details).toEqual({ field: 'high', path: '/high', rule: 'order', limit: 3, actual: 2 });
  });

  it('names a common mistake before the schema would word it poorly', () => {
    const guarded = parser(Options, {
      subject: 'Thing options',
      code: 'CONFIG_INVALID',
      name: 'options',
      misuse: (value) => (typeof (value as { stream?: unknown } | null)?.stream === 'function' ? { rule: 'misuse', problem: 'is a provider: write new Thing({ provider })' } : undefined),
    });
    expect(refusal(() => guarded.parse(provider)).message).toBe('Thing options: options is a provider: write new Thing({ provider })');
  });

  it('refuses a schema keyword it does not read, when the schema is compiled', () => {
    expect(() => parser(Text({ format: 'email' }), { subject: 's', code: 'CONFIG_INVALID', name: 'v' })).toThrow('keyword format is not supported');
    expect(() => parser(Union([Struct({ a: Text() }), Struct({ b: Text() })]), { subject: 's', code: 'CONFIG_INVALID', name: 'v' })).toThrow('constant tag');
  });

  describe('properties', () => {
    const validOptions = fc.record(
      {
        provider: fc.constant(provider),
        baseURL: fc.webUrl({ validSchemes: ['http', 'https'] }),
        retry: fc.record({ attempts: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: [] }),
        mode: fc.constantFrom('auto', 'required'),
        tags: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
        data: fc.jsonValue(),
        onEvent: fc.constant(() => undefined),
      },
      { requiredKeys: ['provider'] },
    );

    it('accepts every valid value, copying its data as it is', () => {
      fc.assert(
        fc.property(validOptions, (input) => {
          const read = options.parse(input) as Record<string, unknown>;
          expect(Object.keys(read).sort()).toEqual(Object.keys(input).sort());
          if ('data' in input) expect(read.data).toEqual(input.data);
        }),
        { numRuns: 500 },
      );
    });

    it('refuses every value with one field made wrong, naming that field', () => {
      const wrong = fc.oneof(
        fc.record({ key: fc.constant('retry'), value: fc.record({ attempts: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.string(), fc.double({ noInteger: true })) }) }),
        fc.record({ key: fc.constant('mode'), value: fc.string().filter((text) => text !== 'auto' && text !== 'required') }),
        fc.record({ key: fc.constant('tags'), value: fc.array(fc.string({ minLength: 1 }), { minLength: 4, maxLength: 6 }) }),
        fc.record({ key: fc.constant('baseURL'), value: fc.string().filter((text) => !/^https?:\/\//u.test(text)) }),
        fc.record({ key: fc.constant('onEvent'), value: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }),
        fc.record({ key: fc.string({ minLength: 1 }).filter((key) => !Object.keys(Options.properties).includes(key) && key !== '__proto__'), value: fc.jsonValue() }),
      );
      fc.assert(
        fc.property(validOptions, wrong, (input, { key, value }) => {
          const error = refusal(() => options.parse({ ...input, [key]: value }));
          expect(error.code).toBe('CONFIG_INVALID');
          expect((error.details.field as string).startsWith(key.slice(0, 60))).toBe(true);
          expect(error.message.startsWith(`Thing options: ${(error.details.field as string)} `)).toBe(true);
        }),
        { numRuns: 500 },
      );
    });

    it('lets nothing but AgentCoreError escape for any value at all', () => {
      fc.assert(
        fc.property(anyValue, anyValue, (data, whole) => {
          for (const input of [whole, { provider, data }, { provider, retry: data }, data]) {
            try {
              options.parse(input);
              chunk.parse(input);
            } catch (error) {
              expect(AgentCoreError.isInstance(error)).toBe(true);
            }
          }
        }),
        { numRuns: 2000 },
      );
    });
  });
});
