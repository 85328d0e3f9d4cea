import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { expectAgentCoreError, question } from '../test/fragment-arbitraries.js';
import { MAX_RECORD_DEPTH } from './snapshot-json-record.js';
import { validateContextFragment } from './validate-context-fragment.js';

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
      const error = expectAgentCoreError(() => validateContextFragment(question({ trust, role: 'system' })), 'TRUST_VIOLATION');
      expect(error.message).toBe(
        `fragment "question": "${trust}" content cannot take role "system"; only "system" and "app" trust may fill the system slot`,
      );
      expect(error.details).toEqual({
        fragmentId: 'question',
        field: 'role',
        path: 'role',
        rule: 'trusted-system-slot',
        limit: ['system', 'app'],
        actual: trust,
      });
    });

    it.each(['system', 'app'] as const)('lets %s content take the system slot', (trust) => {
      expect(validateContextFragment(question({ trust, role: 'system' }))).toBe('How is the service?');
    });

    it('reports the trust violation when the value is a record, which role system forbids as well', () => {
      expectAgentCoreError(() => validateContextFragment(question({ trust: 'tool', role: 'system', value: { a: 1 } })), 'TRUST_VIOLATION');
    });

    it('reports the trust violation before an unknown field, a missing field, a bad id, a duplicate, a non-JSON value and the budget', () => {
      const ids = new Set(['dup']);
      const broken = {
        id: 'dup',
        trust: 'user',
        role: 'system',
        maxChars: 1,
        value: { f: () => 0, text: 'far too long' },
        extra: true,
      };
      expectAgentCoreError(() => validateContextFragment(broken as never, ids), 'TRUST_VIOLATION');
      expectAgentCoreError(() => validateContextFragment(question({ id: 'Bad id', trust: 'user', role: 'system' })), 'TRUST_VIOLATION');
    });

    it('reports the trust violation even when another field throws on read', () => {
      const fragment = {
        ...question({ trust: 'user', role: 'system' }),
        get sourceId(): string {
          throw new Error('boom');
        },
      };
      expectAgentCoreError(() => validateContextFragment(fragment), 'TRUST_VIOLATION');
    });
  });

  describe('shape', () => {
    it.each([null, undefined, 42, 'fragment', [question()], () => question(), new Date(0), new Map()])(
      'rejects %o, which is not a plain object',
      (input) => {
        const error = expectAgentCoreError(() => validateContextFragment(input as never), 'FRAGMENT_INVALID');
        expect(error.message).toMatch(/^fragment: a fragment must be a plain object, got /);
        expect(error.details).toMatchObject({ field: 'fragment', rule: 'plain-object' });
      },
    );

    it('rejects a class instance carrying fragment fields', () => {
      class Fragment {
        constructor(readonly fields: object) {
          Object.assign(this, fields);
        }
      }
      const error = expectAgentCoreError(() => validateContextFragment(new Fragment(question()) as never), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment: a fragment must be a plain object, got a Fragment instance');
    });

    it('names an unknown field and the fields a fragment has', () => {
      const error = expectAgentCoreError(() => validateContextFragment({ ...question(), colour: 'red', size: 1 } as never), 'FRAGMENT_INVALID');
      expect(error.message).toBe(
        'fragment "question": unknown field "colour" (and 1 more); a fragment has exactly the fields id, sourceId, trust, lifetime, maxChars, role, value',
      );
      expect(error.details).toMatchObject({ fragmentId: 'question', field: 'colour', rule: 'unknown-field' });
    });

    it('names the first missing field and the others', () => {
      const { lifetime: _lifetime, value: _value, ...partial } = question();
      const error = expectAgentCoreError(() => validateContextFragment(partial as never), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment "question": missing field "lifetime" (also missing: value)');
      expect(error.details).toEqual({ fragmentId: 'question', field: 'lifetime', path: 'lifetime', rule: 'required' });
    });

    it('treats a field that is present but undefined as invalid, not missing', () => {
      const error = expectAgentCoreError(() => validateContextFragment(question({ lifetime: undefined })), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment "question": field "lifetime" must be one of "static", "session", "turn", "call", got undefined');
    });

    it('turns a throwing getter into FRAGMENT_INVALID with the error as cause', () => {
      const boom = new Error('boom');
      const fragment = {
        ...question(),
        get maxChars(): number {
          throw boom;
        },
      };
      const error = expectAgentCoreError(() => validateContextFragment(fragment), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment "question": field "maxChars" could not be read (its getter threw)');
      expect(error.cause).toBe(boom);
    });

    it('turns proxies whose traps throw into FRAGMENT_INVALID', () => {
      const traps = ['getPrototypeOf', 'ownKeys', 'get', 'getOwnPropertyDescriptor'] as const;
      for (const trap of traps) {
        const fragment = new Proxy(question(), {
          [trap]: () => {
            throw new Error(trap);
          },
        });
        expectAgentCoreError(() => validateContextFragment(fragment), 'FRAGMENT_INVALID');
      }
      const { proxy, revoke } = Proxy.revocable(question(), {});
      revoke();
      expectAgentCoreError(() => validateContextFragment(proxy), 'FRAGMENT_INVALID');
    });

    it('accepts a well-behaved proxy of a valid fragment', () => {
      expect(validateContextFragment(new Proxy(question(), {}))).toBe('How is the service?');
    });
  });

  describe('fields', () => {
    it.each([
      ['id', 'Question', 'field "id" must be a string matching ^[a-z][a-zA-Z0-9:._-]*$, got "Question"', 'pattern'],
      ['id', '', 'field "id" must be a string matching ^[a-z][a-zA-Z0-9:._-]*$, got ""', 'pattern'],
      ['id', 'a b', 'field "id" must be a string matching ^[a-z][a-zA-Z0-9:._-]*$, got "a b"', 'pattern'],
      ['id', 7, 'field "id" must be a string matching ^[a-z][a-zA-Z0-9:._-]*$, got 7', 'pattern'],
      ['sourceId', '', 'field "sourceId" must be a non-empty string, got ""', 'non-empty-string'],
      ['sourceId', null, 'field "sourceId" must be a non-empty string, got null', 'non-empty-string'],
      ['trust', 'admin', 'field "trust" must be one of "system", "app", "user", "tool", got "admin"', 'one-of'],
      ['lifetime', 'forever', 'field "lifetime" must be one of "static", "session", "turn", "call", got "forever"', 'one-of'],
      ['role', 'assistant', 'field "role" must be one of "system", "user", got "assistant"', 'one-of'],
      ['maxChars', 0, 'field "maxChars" must be a positive safe integer (1 to 9007199254740991), got 0', 'positive-safe-integer'],
      ['maxChars', -0, 'field "maxChars" must be a positive safe integer (1 to 9007199254740991), got -0', 'positive-safe-integer'],
      ['maxChars', 1.5, 'field "maxChars" must be a positive safe integer (1 to 9007199254740991), got 1.5', 'positive-safe-integer'],
      ['maxChars', 2 ** 53, 'field "maxChars" must be a positive safe integer (1 to 9007199254740991), got 9007199254740992', 'positive-safe-integer'],
      ['maxChars', Number.NaN, 'field "maxChars" must be a positive safe integer (1 to 9007199254740991), got NaN', 'positive-safe-integer'],
      ['maxChars', '10', 'field "maxChars" must be a positive safe integer (1 to 9007199254740991), got "10"', 'positive-safe-integer'],
    ] as const)('rejects %s = %o', (field, value, problem, rule) => {
      const error = expectAgentCoreError(() => validateContextFragment(question({ [field]: value })), 'FRAGMENT_INVALID');
      const label = field !== 'id' ? 'fragment "question"' : typeof value === 'string' ? `fragment ${JSON.stringify(value)}` : 'fragment';
      expect(error.message).toBe(`${label}: ${problem}`);
      expect(error.details).toMatchObject({ field, path: field, rule });
    });

    it('names the id in details even when it does not match the pattern', () => {
      const error = expectAgentCoreError(() => validateContextFragment(question({ id: 'Question' })), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment "Question": field "id" must be a string matching ^[a-z][a-zA-Z0-9:._-]*$, got "Question"');
      expect(error.details).toMatchObject({ fragmentId: 'Question', actual: 'Question', limit: '^[a-z][a-zA-Z0-9:._-]*$' });
    });

    it.each([
      ['maxChars', 0, 0],
      ['maxChars', 1.5, 1.5],
      ['maxChars', Number.NaN, 'NaN'],
      ['maxChars', -0, '-0'],
      ['trust', 'System', 'System'],
      ['lifetime', null, null],
      ['role', 'x'.repeat(201), `"${'x'.repeat(60)}"…`],
      ['sourceId', 10n, 'a BigInt'],
    ] as const)('gives a bad %s in details.actual as JSON holds it, else as described (case %#)', (field, value, actual) => {
      const error = expectAgentCoreError(() => validateContextFragment(question({ [field]: value })), 'FRAGMENT_INVALID');
      expect(error.details).toMatchObject({ field, actual });
    });

    it('gives an ids argument that is not a Set in details.actual as JSON holds it', () => {
      expect(() => validateContextFragment(question(), 'notaset' as never)).toThrow(
        expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'ids', actual: 'notaset' }) as unknown }) as Error,
      );
    });

    it('accepts the largest safe integer as maxChars', () => {
      expect(validateContextFragment(question({ maxChars: Number.MAX_SAFE_INTEGER }))).toBe('How is the service?');
    });

    it('cuts a huge invalid id in messages and details', () => {
      const id = `A${'x'.repeat(10_000)}`;
      const error = expectAgentCoreError(() => validateContextFragment(question({ id })), 'FRAGMENT_INVALID');
      expect(error.message.length).toBeLessThan(400);
      expect((error.details.fragmentId as string).length).toBeLessThanOrEqual(121);
    });
  });

  describe('value', () => {
    it('rejects a record in the system slot', () => {
      const error = expectAgentCoreError(() => validateContextFragment(question({ trust: 'app', role: 'system', value: { a: 1 } })), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment "question": role "system" takes a string value only, got an object');
      expect(error.details).toMatchObject({ field: 'value', rule: 'system-string' });
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
      const error = expectAgentCoreError(() => validateContextFragment(question({ value })), 'FRAGMENT_INVALID');
      expect(error.message).toBe(`fragment "question": field "value" must be a string or a plain JSON record, got ${described}`);
      expect(error.details).toMatchObject({ field: 'value', rule: 'string-or-record' });
    });

    it.each([
      ['a function', { items: [{}, {}, {}, { when: () => 0 }] }, 'value.items[3].when', 'is a function, which JSON cannot represent', 'json-value'],
      ['undefined', { a: undefined }, 'value.a', 'is undefined, which JSON cannot represent', 'json-value'],
      // eslint-disable-next-line no-sparse-arrays -- the hole is the point
      ['an array hole', { list: [1, , 3] }, 'value.list[1]', 'is undefined, which JSON cannot represent', 'json-value'],
      ['undefined in an array', { list: [undefined] }, 'value.list[0]', 'is undefined, which JSON cannot represent', 'json-value'],
      ['a symbol', { s: Symbol('s') }, 'value.s', 'is a symbol, which JSON cannot represent', 'json-value'],
      ['a BigInt', { big: 1n }, 'value.big', 'is a BigInt, which JSON cannot represent', 'json-value'],
      ['NaN', { n: Number.NaN }, 'value.n', 'is NaN, which JSON cannot represent', 'finite-number'],
      ['Infinity', { deep: { n: -Infinity } }, 'value.deep.n', 'is -Infinity, which JSON cannot represent', 'finite-number'],
      ['a Date', { when: new Date(0) }, 'value.when', 'is a Date instance; a record holds only plain objects and arrays', 'plain-json'],
      ['a Map', { m: new Map() }, 'value.m', 'is a Map instance; a record holds only plain objects and arrays', 'plain-json'],
      ['a class instance', { c: new (class Point {
        x = 1;
      })() }, 'value.c', 'is a Point instance; a record holds only plain objects and arrays', 'plain-json'],
      ['an array subclass', { list: new (class List extends Array {})() }, 'value.list', 'is a List instance; a record holds only plain objects and arrays', 'plain-json'],
      ['an array without a prototype', { list: Object.setPrototypeOf([], null) as unknown }, 'value.list', 'is an array without a prototype; a record holds only plain objects and arrays', 'plain-json'],
      ['a key that is not an identifier', { 'two words': { 'x-y': [0, () => 0] } }, 'value["two words"]["x-y"][1]', 'is a function, which JSON cannot represent', 'json-value'],
    ])('rejects %s with its JSON path', (_name, value, path, problem, rule) => {
      const error = expectAgentCoreError(() => validateContextFragment(question({ value })), 'FRAGMENT_INVALID');
      expect(error.message).toBe(`fragment "question": ${path} ${problem}`);
      expect(error.details).toEqual({ fragmentId: 'question', field: 'value', path, rule });
    });

    it('rejects a cycle, naming where it points', () => {
      const value: Record<string, unknown> = { a: { b: {} } };
      (value.a as { b: Record<string, unknown> }).b.back = value.a;
      const error = expectAgentCoreError(() => validateContextFragment(question({ value })), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment "question": value.a.b.back refers back to value.a, one of its own ancestors (a cycle)');
      expect(error.details).toMatchObject({ path: 'value.a.b.back', rule: 'cycle' });
    });

    it('rejects a record that contains itself', () => {
      const value: unknown[] = [];
      value.push(value);
      const error = expectAgentCoreError(() => validateContextFragment(question({ value: { list: value } })), 'FRAGMENT_INVALID');
      expect(error.details).toMatchObject({ path: 'value.list[0]', rule: 'cycle' });
    });

    it(`accepts ${MAX_RECORD_DEPTH} levels of nesting and rejects one more`, () => {
      const nest = (levels: number): Record<string, unknown> => {
        let value: Record<string, unknown> = {};
        for (let level = 1; level < levels; level += 1) value = { a: value };
        return value;
      };
      expect(validateContextFragment(question({ value: nest(MAX_RECORD_DEPTH), maxChars: 10_000 }))).toBe(JSON.stringify(nest(MAX_RECORD_DEPTH)));
      const error = expectAgentCoreError(() => validateContextFragment(question({ value: nest(MAX_RECORD_DEPTH + 1), maxChars: 10_000 })), 'FRAGMENT_INVALID');
      expect(error.details).toMatchObject({ rule: 'max-depth', limit: MAX_RECORD_DEPTH });
      expect(error.details.path).toBe(`value${'.a'.repeat(MAX_RECORD_DEPTH)}`);
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
      const error = expectAgentCoreError(() => validateContextFragment(question({ value })), 'FRAGMENT_INVALID');
      expect(error.message).toBe('fragment "question": value.list[0].x could not be read (reading it threw)');
      expect(error.cause).toBe(boom);
    });

    it('turns a throwing proxy inside a record into FRAGMENT_INVALID at its path', () => {
      const hostile = new Proxy({}, {
        ownKeys: () => {
          throw new Error('no keys');
        },
      });
      const error = expectAgentCoreError(() => validateContextFragment(question({ value: { inner: hostile } })), 'FRAGMENT_INVALID');
      expect(error.details).toMatchObject({ path: 'value.inner', rule: 'readable' });
    });

    it('survives a thrown value that is itself hostile', () => {
      const thrown = new Proxy({}, {
        has: () => {
          throw new Error('has');
        },
        getPrototypeOf: () => {
          throw new Error('proto');
        },
      });
      const value = {
        get x(): number {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a hostile thrown value is the point
          throw thrown;
        },
      };
      const error = expectAgentCoreError(() => validateContextFragment(question({ value })), 'FRAGMENT_INVALID');
      expect(error.cause).toBe(thrown);
    });
  });

  describe('budget', () => {
    it('counts UTF-16 code units: an astral character is two, a CJK character one', () => {
      expect(validateContextFragment(question({ value: '😀😀', maxChars: 4 }))).toBe('😀😀');
      const error = expectAgentCoreError(() => validateContextFragment(question({ value: '😀😀', maxChars: 3 })), 'FRAGMENT_BUDGET');
      expect(error.message).toBe('fragment "question": its text is 4 chars (UTF-16 code units), over maxChars 3');
      expect(error.details).toEqual({ fragmentId: 'question', field: 'value', path: 'value', rule: 'max-chars', limit: 3, actual: 4 });
      expect(validateContextFragment(question({ value: '现在服务状态怎样?', maxChars: 9 }))).toBe('现在服务状态怎样?');
      expectAgentCoreError(() => validateContextFragment(question({ value: '现在服务状态怎样?', maxChars: 8 })), 'FRAGMENT_BUDGET');
    });

    it('measures a record by its JSON text, escapes included', () => {
      const value = { s: '你"\ud800' };
      const text = '{"s":"你\\"\\ud800"}';
      expect(text.length).toBe(17);
      expect(validateContextFragment(question({ value, maxChars: 17 }))).toBe(text);
      const error = expectAgentCoreError(() => validateContextFragment(question({ value, maxChars: 16 })), 'FRAGMENT_BUDGET');
      expect(error.message).toBe('fragment "question": its JSON text is 17 chars (UTF-16 code units), over maxChars 16');
    });

    it('skips the budget when checkBudget is false, but nothing else', () => {
      expect(validateContextFragment(question({ value: 'long', maxChars: 1 }), undefined, false)).toBe('long');
      expectAgentCoreError(() => validateContextFragment(question({ value: { f: () => 0 }, maxChars: 1 }), undefined, false), 'FRAGMENT_INVALID');
    });

    it('checks the budget when checkBudget is omitted, undefined or true', () => {
      expectAgentCoreError(() => validateContextFragment(question({ maxChars: 1 })), 'FRAGMENT_BUDGET');
      expectAgentCoreError(() => validateContextFragment(question({ maxChars: 1 }), undefined, undefined), 'FRAGMENT_BUDGET');
      expectAgentCoreError(() => validateContextFragment(question({ maxChars: 1 }), new Set(), true), 'FRAGMENT_BUDGET');
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
      const error = expectAgentCoreError(() => validateContextFragment(question(), ids), 'FRAGMENT_DUPLICATE');
      expect(error.message).toBe('fragment "question": id "question" is already used by another fragment');
      expect(error.details).toEqual({ fragmentId: 'question', field: 'id', path: 'id', rule: 'unique-id' });
      expect([...ids]).toEqual(['question']);
    });

    it('does not add the id of a rejected fragment', () => {
      const ids = new Set<string>();
      expectAgentCoreError(() => validateContextFragment(question({ maxChars: 1 }), ids), 'FRAGMENT_BUDGET');
      expectAgentCoreError(() => validateContextFragment(question({ value: { f: () => 0 } }), ids), 'FRAGMENT_INVALID');
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

    it.each([null, [], ['question'], {}, new Map(), new WeakSet(), { has: () => false, add: () => undefined }, 'question'])(
      'rejects %o as the ids argument',
      (ids) => {
        const error = expectAgentCoreError(() => validateContextFragment(question(), ids as never), 'CONFIG_INVALID');
        expect(error.message).toMatch(/^argument "ids" must be a Set of fragment ids or undefined, got /);
        expect(error.details).toMatchObject({ field: 'ids', rule: 'set' });
      },
    );

    it('rejects a proxy of a Set, whose built-in methods cannot reach the real set', () => {
      expectAgentCoreError(() => validateContextFragment(question(), new Proxy(new Set<string>(), {})), 'CONFIG_INVALID');
    });

    it('checks its arguments before the fragment', () => {
      expectAgentCoreError(() => validateContextFragment(null as never, [] as never), 'CONFIG_INVALID');
    });

    it.each([null, 0, 1, 'false', {}])('rejects %o as the checkBudget argument', (checkBudget) => {
      const error = expectAgentCoreError(() => validateContextFragment(question(), undefined, checkBudget as never), 'CONFIG_INVALID');
      expect(error.details).toMatchObject({ field: 'checkBudget', rule: 'boolean' });
    });
  });

  it('raises errors that serialise to plain JSON', () => {
    const error = expectAgentCoreError(() => validateContextFragment(question({ value: { a: [() => 0] } })), 'FRAGMENT_INVALID');
    expect(error).toBeInstanceOf(AgentCoreError);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'AgentCoreError',
      code: 'FRAGMENT_INVALID',
      message: 'fragment "question": value.a[0] is a function, which JSON cannot represent',
      details: { fragmentId: 'question', field: 'value', path: 'value.a[0]', rule: 'json-value' },
    });
  });
});
