import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { question, refusal } from '../test/fragment-arbitraries.js';
import { validateContextFragment } from './validate-context-fragment.js';

const ID_PATTERN = '^[a-z][a-zA-Z0-9:._-]*$';

describe('validateContextFragment', () => {
  describe('returned text', () => {
    it('returns a string value as it is', () => {
      expect(validateContextFragment(question())).toBe('How is the service?');
    });

    it('returns JSON.stringify of a record value', () => {
      const value = { plan: 'pro', seats: 3, tags: ['a', 'b'], nested: { ok: true, none: null } };
      expect(validateContextFragment(question({ value }))).toBe(JSON.stringify(value));
    });

    it('accepts a record with a null prototype and keeps its keys, __proto__ included', () => {
      const value = Object.create(null) as Record<string, unknown>;
      value.a = 1;
      Object.defineProperty(value, '__proto__', { value: { b: 2 }, enumerable: true });
      expect(validateContextFragment(question({ value }))).toBe('{"a":1,"__proto__":{"b":2}}');
    });

    it('accepts a fragment object with a null prototype', () => {
      const fragment = Object.assign(Object.create(null) as object, question());
      expect(validateContextFragment(fragment as never)).toBe('How is the service?');
    });

    it('accepts an empty string and an empty record', () => {
      expect(validateContextFragment(question({ value: '' }))).toBe('');
      expect(validateContextFragment(question({ value: {} }))).toBe('{}');
    });

    it('serialises -0 as 0 and escapes a lone surrogate, as JSON.stringify does', () => {
      expect(validateContextFragment(question({ value: { n: -0, s: 'a\ud800' } }))).toBe('{"n":0,"s":"a\\ud800"}');
    });

    it('calls a getter of a record once and serialises what it returned', () => {
      let calls = 0;
      const value = {
        get count() {
          calls += 1;
          return calls === 1 ? 7 : () => 'changed';
        },
      };
      expect(validateContextFragment(question({ value }))).toBe('{"count":7}');
      expect(calls).toBe(1);
    });

    it('reads each fragment field once, so a changing getter cannot split validation from the text', () => {
      let reads = 0;
      const fragment = {
        ...question(),
        get value() {
          reads += 1;
          return reads === 1 ? 'first' : { sneaky: () => 0 };
        },
      };
      expect(validateContextFragment(fragment)).toBe('first');
      expect(reads).toBe(1);
    });

    it('ignores symbol-keyed and non-enumerable properties, like JSON.stringify', () => {
      const value: Record<string | symbol, unknown> = { shown: 1, [Symbol('hidden')]: () => 0 };
      Object.defineProperty(value, 'hidden', { value: () => 0, enumerable: false });
      expect(validateContextFragment(question({ value }))).toBe('{"shown":1}');
    });

    it('shares one object between two keys without calling it a cycle', () => {
      const shared = { x: 1 };
      expect(validateContextFragment(question({ value: { a: shared, b: [shared, shared] } }))).toBe('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
    });
  });

  describe('trust', () => {
    it.each(['user', 'tool'] as const)('rejects %s content in the system slot', (trust) => {
      expect(() => validateContextFragment(question({ trust, role: 'system' }))).toThrow(
        refusal('TRUST_VIOLATION', {
          message: `validateContextFragment: fragment.role is "system", but fragment "question" is "${trust}" content: the system slot is filled only from fragments of system or app trust`,
          details: { field: 'fragment.role', path: '/fragment/role', rule: 'trust', expected: '"user"', actual: 'system' },
        }),
      );
    });

    it.each(['system', 'app'] as const)('lets %s content take the system slot', (trust) => {
      expect(validateContextFragment(question({ trust, role: 'system' }))).toBe('How is the service?');
    });

    it('reports the trust violation when the value is a record, which role system forbids as well', () => {
      expect(() => validateContextFragment(question({ trust: 'tool', role: 'system', value: { a: 1 } }))).toThrow(refusal('TRUST_VIOLATION'));
    });

    it('reports the trust violation before an unknown field, a missing field, a bad id, a duplicate, a non-JSON value and the budget', () => {
      const ids = new Set(['dup']);
      const broken = { id: 'dup', trust: 'user', role: 'system', maxChars: 1, value: { f: () => 0, text: 'far too long' }, extra: true };
      expect(() => validateContextFragment(broken as never, ids)).toThrow(refusal('TRUST_VIOLATION'));
      expect(() => validateContextFragment(question({ id: 'Bad id', trust: 'user', role: 'system' }))).toThrow(refusal('TRUST_VIOLATION'));
    });

    it('names the fragment by its id when it has one to name', () => {
    expect(() => validateContextFragment({ trust: 'tool', role: 'system' } as never)).toThrow(
      refusal('TRUST_VIOLATION', { message: expect.stringContaining('fragment.role is "system", but the fragment is "tool" content') }),
    );
    const throwingId = Object.defineProperty({ trust: 'tool', role: 'system' }, 'id', {
      enumerable: true,
      get: () => {
        throw new Error('id');
      },
    });
    expect(() => validateContextFragment(throwingId as never)).toThrow(refusal('TRUST_VIOLATION'));
  });

  it('reports the trust violation even when another field throws on read', () => {
      const fragment = {
        ...question({ trust: 'user', role: 'system' }),
        get sourceId(): string {
          throw new Error('boom');
        },
      };
      expect(() => validateContextFragment(fragment)).toThrow(refusal('TRUST_VIOLATION'));
    });

    it('refuses a trust that turns untrusted when read again, by the rule on the checked copy', () => {
      let reads = 0;
      const fragment = {
        ...question({ role: 'system' }),
        get trust() {
          reads += 1;
          return reads === 1 ? 'app' : 'tool';
        },
      };
      expect(() => validateContextFragment(fragment as never)).toThrow(refusal('TRUST_VIOLATION', { details: expect.objectContaining({ field: 'fragment.role' }) }));
    });
  });

  describe('shape', () => {
    it.each([
      [null, 'null'],
      [undefined, 'undefined'],
      [42, '42'],
      ['fragment', '"fragment"'],
      [[question()], 'an array'],
      [() => question(), 'a function'],
    ])('rejects %o, which is not a plain object', (input, described) => {
      expect(() => validateContextFragment(input as never)).toThrow(
        refusal('FRAGMENT_INVALID', { message: `validateContextFragment: fragment must be a plain object (got ${described})`, details: expect.objectContaining({ field: 'fragment', rule: 'type' }) }),
      );
    });

    it.each([new Date(0), new Map()])('rejects %o, an object that is not plain', (input) => {
      expect(() => validateContextFragment(input as never)).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'fragment', rule: 'plain' }) }));
    });

    it('rejects a class instance carrying fragment fields', () => {
      class Fragment {
        constructor(readonly fields: object) {
          Object.assign(this, fields);
        }
      }
      expect(() => validateContextFragment(new Fragment(question()) as never)).toThrow(
        refusal('FRAGMENT_INVALID', { message: 'validateContextFragment: fragment must be a plain object (got a Fragment instance)' }),
      );
    });

    it('names an unknown field and the fields a fragment has, suggesting the one meant', () => {
      expect(() => validateContextFragment({ ...question(), colour: 'red', size: 1 } as never)).toThrow(
        refusal('FRAGMENT_INVALID', {
          message: 'validateContextFragment: fragment.colour is not a known field; known: id, sourceId, trust, lifetime, maxChars, role, value',
          details: expect.objectContaining({ field: 'fragment.colour', path: '/fragment/colour', rule: 'unknown' }),
        }),
      );
      const { maxChars, ...rest } = question();
      expect(() => validateContextFragment({ ...rest, maxchars: maxChars } as never)).toThrow(
        refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'fragment.maxchars', suggestion: 'maxChars' }) }),
      );
    });

    it('says a missing field is required, the first in field order', () => {
      const { lifetime: _lifetime, value: _value, ...partial } = question();
      expect(() => validateContextFragment(partial as never)).toThrow(
        refusal('FRAGMENT_INVALID', {
          message: 'validateContextFragment: fragment.lifetime is required',
          details: { field: 'fragment.lifetime', path: '/fragment/lifetime', rule: 'required', expected: 'one of "static", "session", "turn", "call"' },
        }),
      );
    });

    it('counts a field that is present but undefined as missing', () => {
      expect(() => validateContextFragment(question({ lifetime: undefined }))).toThrow(refusal('FRAGMENT_INVALID', { message: 'validateContextFragment: fragment.lifetime is required' }));
    });

    it('turns a throwing getter into FRAGMENT_INVALID with the error as cause', () => {
      const boom = new Error('boom');
      const fragment = Object.defineProperty({ ...question() }, 'maxChars', {
        enumerable: true,
        get: () => {
          throw boom;
        },
      });
      expect(() => validateContextFragment(fragment)).toThrow(
        refusal('FRAGMENT_INVALID', { message: 'validateContextFragment: fragment.maxChars could not be read (reading it threw)', cause: boom }),
      );
    });

    it('turns proxies whose traps throw into FRAGMENT_INVALID', () => {
      for (const trap of ['getPrototypeOf', 'ownKeys', 'get', 'getOwnPropertyDescriptor'] as const) {
        const fragment = new Proxy(question(), {
          [trap]: () => {
            throw new Error(trap);
          },
        });
        expect(() => validateContextFragment(fragment), trap).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ rule: 'readable' }) }));
      }
      const { proxy, revoke } = Proxy.revocable(question(), {});
      revoke();
      expect(() => validateContextFragment(proxy)).toThrow(refusal('FRAGMENT_INVALID'));
    });

    it('accepts a well-behaved proxy of a valid fragment', () => {
      expect(validateContextFragment(new Proxy(question(), {}))).toBe('How is the service?');
    });
  });

  describe('fields', () => {
    it.each([
      ['id', 'Question', `must match ${ID_PATTERN} (got "Question")`, 'pattern'],
      ['id', '', `must match ${ID_PATTERN} (got "")`, 'pattern'],
      ['id', 'a b', `must match ${ID_PATTERN} (got "a b")`, 'pattern'],
      ['id', 7, 'must be a string (got 7)', 'type'],
      ['sourceId', '', 'must not be empty', 'length'],
      ['sourceId', null, 'must be a non-empty string (got null)', 'type'],
      ['trust', 'admin', 'must be one of "system", "app", "user", "tool" (got "admin")', 'enum'],
      ['lifetime', 'forever', 'must be one of "static", "session", "turn", "call" (got "forever")', 'enum'],
      ['role', 'assistant', 'must be one of "system", "user" (got "assistant")', 'enum'],
      ['maxChars', 0, 'must be an integer from 1 to 9007199254740991 (got 0)', 'range'],
      ['maxChars', -0, 'must be an integer from 1 to 9007199254740991 (got -0)', 'range'],
      ['maxChars', 1.5, 'must be an integer from 1 to 9007199254740991 (got 1.5)', 'type'],
      ['maxChars', 2 ** 53, 'must be an integer from 1 to 9007199254740991 (got 9007199254740992)', 'range'],
      ['maxChars', Number.NaN, 'must be an integer from 1 to 9007199254740991 (got NaN)', 'type'],
      ['maxChars', '10', 'must be an integer from 1 to 9007199254740991 (got "10")', 'type'],
    ] as const)('rejects %s = %o', (field, value, problem, rule) => {
      expect(() => validateContextFragment(question({ [field]: value }))).toThrow(
        refusal('FRAGMENT_INVALID', {
          message: `validateContextFragment: fragment.${field} ${problem}`,
          details: expect.objectContaining({ field: `fragment.${field}`, path: `/fragment/${field}`, rule }),
        }),
      );
    });

    it('names the bound crossed in details.limit', () => {
      expect(() => validateContextFragment(question({ maxChars: 0 }))).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ limit: 1, actual: 0 }) }));
      expect(() => validateContextFragment(question({ maxChars: 2 ** 53 }))).toThrow(
        refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ limit: Number.MAX_SAFE_INTEGER, actual: 2 ** 53 }) }),
      );
      expect(() => validateContextFragment(question({ id: 'Question' }))).toThrow(
        refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ expected: ID_PATTERN, actual: 'Question' }) }),
      );
    });

    it.each([
      ['maxChars', 1.5, 1.5],
      ['maxChars', Number.NaN, 'NaN'],
      ['maxChars', -0, '-0'],
      ['trust', 'System', 'System'],
      ['lifetime', null, null],
      ['role', 'x'.repeat(201), `"${'x'.repeat(60)}"…`],
      ['sourceId', 10n, 'a BigInt'],
    ] as const)('gives a bad %s in details.actual as JSON holds it, else as described (case %#)', (field, value, actual) => {
      expect(() => validateContextFragment(question({ [field]: value }))).toThrow(refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: `fragment.${field}`, actual }) }));
    });

    it('accepts the largest safe integer as maxChars', () => {
      expect(validateContextFragment(question({ maxChars: Number.MAX_SAFE_INTEGER }))).toBe('How is the service?');
    });

    it('cuts a huge invalid id in messages and details', () => {
      const id = `A${'x'.repeat(10_000)}`;
      expect(() => validateContextFragment(question({ id }))).toThrow(
        expect.objectContaining({ code: 'FRAGMENT_INVALID', message: expect.stringMatching(/^.{1,400}$/s) as string, details: expect.objectContaining({ actual: expect.stringMatching(/^.{1,200}$/s) as string }) }),
      );
    });
  });

  describe('value', () => {
    it('rejects a record in the system slot', () => {
      expect(() => validateContextFragment(question({ trust: 'app', role: 'system', value: { a: 1 } }))).toThrow(
        refusal('FRAGMENT_INVALID', {
          message: 'validateContextFragment: fragment.value must be a string: role "system" takes a string value only (got a record)',
          details: { field: 'fragment.value', path: '/fragment/value', rule: 'system-string', expected: 'a string' },
        }),
      );
    });

    it.each([
      [null, 'null'],
      [[1, 2], 'an array'],
      [7, '7'],
      [new Date(0), 'a Date instance'],
      [new Map(), 'a Map instance'],
      [new String('boxed'), 'a String instance'],
      [Object.setPrototypeOf([1], null) as unknown, 'an array without a prototype'],
    ])('rejects %o as a value', (value, described) => {
      expect(() => validateContextFragment(question({ value }))).toThrow(
        refusal('FRAGMENT_INVALID', {
          message: `validateContextFragment: fragment.value must be a string or a plain JSON record (got ${described})`,
          details: expect.objectContaining({ field: 'fragment.value', rule: 'type', expected: 'a string or a plain JSON record' }),
        }),
      );
    });

    it.each([
      ['a function', { items: [{}, {}, {}, { when: () => 0 }] }, ['items', 3, 'when'], 'is not JSON (got a function)', 'json'],
      ['undefined', { a: undefined }, ['a'], 'is not JSON (got undefined)', 'json'],
      // eslint-disable-next-line no-sparse-arrays -- the hole is the point
      ['an array hole', { list: [1, , 3] }, ['list', 1], 'is a hole in the list', 'hole'],
      ['undefined in an array', { list: [undefined] }, ['list', 0], 'is not JSON (got undefined)', 'json'],
      ['a symbol', { s: Symbol('s') }, ['s'], 'is not JSON (got a symbol)', 'json'],
      ['a BigInt', { big: 1n }, ['big'], 'is not JSON (got a BigInt)', 'json'],
      ['NaN', { n: Number.NaN }, ['n'], 'is not JSON (got NaN)', 'json'],
      ['Infinity', { deep: { n: -Infinity } }, ['deep', 'n'], 'is not JSON (got -Infinity)', 'json'],
      ['a Date', { when: new Date(0) }, ['when'], 'must be a plain object (got a Date instance)', 'plain'],
      ['a Map', { m: new Map() }, ['m'], 'must be a plain object (got a Map instance)', 'plain'],
      ['a class instance', { c: new (class Point {
        x = 1;
      })() }, ['c'], 'must be a plain object (got a Point instance)', 'plain'],
      ['an array subclass', { list: new (class List extends Array {})() }, ['list'], 'must be a plain list (got a List instance)', 'plain'],
      ['an array without a prototype', { list: Object.setPrototypeOf([], null) as unknown }, ['list'], 'must be a plain list (got an array without a prototype)', 'plain'],
      ['a key that is not an identifier', { 'two words': { 'x/y': [0, () => 0] } }, ['two words', 'x/y', 1], 'is not JSON (got a function)', 'json'],
    ])('rejects %s with its path', (_name, value, path, problem, rule) => {
      const field = `fragment.value${path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('')}`;
      const pointer = `/fragment/value/${path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
      expect(() => validateContextFragment(question({ value }))).toThrow(
        refusal('FRAGMENT_INVALID', { message: `validateContextFragment: ${field} ${problem}`, details: expect.objectContaining({ field, path: pointer, rule }) }),
      );
    });

    it('rejects a cycle, naming where it points', () => {
      const value: Record<string, unknown> = { a: { b: {} } };
      (value.a as { b: Record<string, unknown> }).b.back = value.a;
      expect(() => validateContextFragment(question({ value }))).toThrow(
        refusal('FRAGMENT_INVALID', {
          message: 'validateContextFragment: fragment.value.a.b.back contains itself (a cycle): it refers back to fragment.value.a',
          details: { field: 'fragment.value.a.b.back', path: '/fragment/value/a/b/back', rule: 'cycle' },
        }),
      );
    });

    it('rejects a record that contains itself', () => {
      const value: unknown[] = [];
      value.push(value);
      expect(() => validateContextFragment(question({ value: { list: value } }))).toThrow(
        refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'fragment.value.list[0]', rule: 'cycle' }) }),
      );
    });

    it('turns a throwing getter inside a record into FRAGMENT_INVALID at its path, with the cause', () => {
      const boom = new Error('boom');
      const value = {
        list: [
          {
            get x(): number {
              throw boom;
            },
          },
        ],
      };
      expect(() => validateContextFragment(question({ value }))).toThrow(
        refusal('FRAGMENT_INVALID', { message: 'validateContextFragment: fragment.value.list[0].x could not be read (reading it threw)', cause: boom }),
      );
    });

    it('turns a throwing proxy inside a record into FRAGMENT_INVALID at its path', () => {
      const hostile = new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no keys');
          },
        },
      );
      expect(() => validateContextFragment(question({ value: { inner: hostile } }))).toThrow(
        refusal('FRAGMENT_INVALID', { details: expect.objectContaining({ field: 'fragment.value.inner', rule: 'readable' }) }),
      );
    });

    it('survives a thrown value that is itself hostile', () => {
      const thrown = new Proxy(
        {},
        {
          has: () => {
            throw new Error('has');
          },
          getPrototypeOf: () => {
            throw new Error('proto');
          },
        },
      );
      const value = {
        get x(): number {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a hostile thrown value is the point
          throw thrown;
        },
      };
      let caught: unknown;
      try {
        validateContextFragment(question({ value }));
      } catch (error) {
        caught = error;
      }
      // Compared by identity: a matcher would probe the hostile value.
      expect(AgentCoreError.isInstance(caught) && caught.code === 'FRAGMENT_INVALID' && caught.cause === thrown).toBe(true);
    });
  });

  describe('budget', () => {
    it('counts UTF-16 code units: an astral character is two, a CJK character one', () => {
      expect(validateContextFragment(question({ value: '😀😀', maxChars: 4 }))).toBe('😀😀');
      expect(() => validateContextFragment(question({ value: '😀😀', maxChars: 3 }))).toThrow(
        refusal('FRAGMENT_BUDGET', {
          message: 'validateContextFragment: fragment.value is 4 characters (UTF-16 code units), over maxChars (3)',
          details: { field: 'fragment.value', path: '/fragment/value', rule: 'budget', limit: 3, actual: 4 },
        }),
      );
      expect(validateContextFragment(question({ value: '现在服务状态怎样?', maxChars: 9 }))).toBe('现在服务状态怎样?');
      expect(() => validateContextFragment(question({ value: '现在服务状态怎样?', maxChars: 8 }))).toThrow(refusal('FRAGMENT_BUDGET'));
    });

    it('measures a record by its JSON text, escapes included', () => {
      const value = { s: '你"\ud800' };
      const text = '{"s":"你\\"\\ud800"}';
      expect(text.length).toBe(17);
      expect(validateContextFragment(question({ value, maxChars: 17 }))).toBe(text);
      expect(() => validateContextFragment(question({ value, maxChars: 16 }))).toThrow(
        refusal('FRAGMENT_BUDGET', { message: 'validateContextFragment: fragment.value renders to 17 characters of JSON (UTF-16 code units), over maxChars (16)' }),
      );
    });

    it('skips the budget when checkBudget is false, but nothing else', () => {
      expect(validateContextFragment(question({ value: 'long', maxChars: 1 }), undefined, false)).toBe('long');
      expect(() => validateContextFragment(question({ value: { f: () => 0 }, maxChars: 1 }), undefined, false)).toThrow(refusal('FRAGMENT_INVALID'));
    });

    it('checks the budget when checkBudget is omitted, undefined or true', () => {
      expect(() => validateContextFragment(question({ maxChars: 1 }))).toThrow(refusal('FRAGMENT_BUDGET'));
      expect(() => validateContextFragment(question({ maxChars: 1 }), undefined, undefined)).toThrow(refusal('FRAGMENT_BUDGET'));
      expect(() => validateContextFragment(question({ maxChars: 1 }), new Set(), true)).toThrow(refusal('FRAGMENT_BUDGET'));
    });
  });

  describe('ids', () => {
    it('adds the id of a valid fragment to the set', () => {
      const ids = new Set<string>(['other']);
      validateContextFragment(question(), ids);
      expect([...ids]).toEqual(['other', 'question']);
    });

    it('rejects an id already in the set and leaves the set unchanged', () => {
      const ids = new Set<string>(['question']);
      expect(() => validateContextFragment(question(), ids)).toThrow(
        refusal('FRAGMENT_DUPLICATE', {
          message: 'validateContextFragment: fragment.id is "question", already in ids (the id of another fragment)',
          details: { field: 'fragment.id', path: '/fragment/id', rule: 'duplicate', actual: 'question' },
        }),
      );
      expect([...ids]).toEqual(['question']);
    });

    it('does not add the id of a rejected fragment', () => {
      const ids = new Set<string>();
      expect(() => validateContextFragment(question({ maxChars: 1 }), ids)).toThrow(refusal('FRAGMENT_BUDGET'));
      expect(() => validateContextFragment(question({ value: { f: () => 0 } }), ids)).toThrow(refusal('FRAGMENT_INVALID'));
      expect(ids.size).toBe(0);
      validateContextFragment(question(), ids);
      expect(ids.has('question')).toBe(true);
    });

    it('accepts a Set subclass but uses the built-in Set methods, not its overrides', () => {
      class LoudSet extends Set<string> {
        override has(): boolean {
          throw new Error('has');
        }
        override add(): this {
          throw new Error('add');
        }
      }
      const ids = new LoudSet();
      validateContextFragment(question(), ids);
      expect(Set.prototype.has.call(ids, 'question')).toBe(true);
    });

    it.each([
      [null, 'null'],
      [[], 'an array'],
      [['question'], 'an array'],
      [{}, 'an object'],
      [new Map(), 'a Map instance'],
      [new WeakSet(), 'a WeakSet instance'],
      [{ has: () => false, add: () => undefined }, 'an object'],
      ['question', '"question"'],
    ])('rejects %o as the ids argument', (ids, described) => {
      expect(() => validateContextFragment(question(), ids as never)).toThrow(
        refusal('CONFIG_INVALID', {
          message: `validateContextFragment: ids must be a Set of fragment ids (got ${described})`,
          details: expect.objectContaining({ field: 'ids', path: '/ids', rule: 'type' }),
        }),
      );
    });

    it('gives an ids argument that is not a Set in details.actual as JSON holds it', () => {
      expect(() => validateContextFragment(question(), 'notaset' as never)).toThrow(refusal('CONFIG_INVALID', { details: expect.objectContaining({ field: 'ids', actual: 'notaset' }) }));
    });

    it('rejects a proxy of a Set, whose built-in methods cannot reach the real set', () => {
      expect(() => validateContextFragment(question(), new Proxy(new Set<string>(), {}))).toThrow(refusal('CONFIG_INVALID'));
    });

    it('checks its arguments before the fragment', () => {
      expect(() => validateContextFragment(null as never, [] as never)).toThrow(refusal('CONFIG_INVALID'));
      expect(() => validateContextFragment(question({ trust: 'tool', role: 'system' }), undefined, 0 as never)).toThrow(refusal('CONFIG_INVALID'));
    });

    it.each([null, 0, 1, 'false', {}])('rejects %o as the checkBudget argument', (checkBudget) => {
      expect(() => validateContextFragment(question(), undefined, checkBudget as never)).toThrow(
        refusal('CONFIG_INVALID', { details: expect.objectContaining({ field: 'checkBudget', rule: 'type', expected: 'a boolean' }) }),
      );
    });
  });

  it('raises errors that serialise to plain JSON', () => {
    let thrown: unknown;
    try {
      validateContextFragment(question({ value: { a: [() => 0] } }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AgentCoreError);
    expect(JSON.parse(JSON.stringify(thrown))).toEqual({
      name: 'AgentCoreError',
      code: 'FRAGMENT_INVALID',
      message: 'validateContextFragment: fragment.value.a[0] is not JSON (got a function)',
      details: { field: 'fragment.value.a[0]', path: '/fragment/value/a/0', rule: 'json', actual: 'a function' },
    });
  });
});
