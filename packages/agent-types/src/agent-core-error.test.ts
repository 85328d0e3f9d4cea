import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_CORE_ERROR_CODES } from './agent-core-error-code.js';
import { AgentCoreError } from './agent-core-error.js';
import { AgentCoreErrorJsonSchema } from './structs/error-structs.js';
import { compileSchema } from './internal/schema-validator.js';

describe('AgentCoreError', () => {
  it('carries its code, details and cause', () => {
    const cause = new TypeError('boom');
    const error = new AgentCoreError('FRAGMENT_BUDGET', 'fragment "a": 12 chars over maxChars 10', {
      details: { field: 'value', limit: 10, actual: 12 },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AgentCoreError');
    expect(error.code).toBe('FRAGMENT_BUDGET');
    expect(error.details).toEqual({ field: 'value', limit: 10, actual: 12 });
    expect(error.cause).toBe(cause);
  });

  it('is recognised across copies through a global symbol', () => {
    const foreign = Object.assign(Object.create(Error.prototype) as object, { [Symbol.for('@jangts/agent-core.error')]: true });
    expect(AgentCoreError.isInstance(foreign)).toBe(true);
    expect(AgentCoreError.isInstance(new Error('x'))).toBe(false);
    expect(AgentCoreError.isInstance(null)).toBe(false);
    expect(AgentCoreError.isInstance('AgentCoreError')).toBe(false);
  });

  it('is instanceof AgentCoreError across copies through the same global symbol', () => {
    // What another copy of the library (its ESM build beside this CJS one, say) constructs: an
    // error of a different class that carries the brand.
    const foreign = Object.assign(new Error('other copy'), { [Symbol.for('@jangts/agent-core.error')]: true, code: 'ABORTED', details: {} });
    expect(foreign instanceof AgentCoreError).toBe(true);
    expect(new AgentCoreError('ABORTED', 'x') instanceof AgentCoreError).toBe(true);
    expect(new Error('x') instanceof AgentCoreError).toBe(false);
    expect(Object.create(AgentCoreError.prototype) instanceof AgentCoreError).toBe(false); // no brand: not constructed
    for (const value of [null, undefined, 'AgentCoreError', 5, {}, { code: 'ABORTED', details: {} }]) {
      expect(value instanceof AgentCoreError).toBe(false);
    }
    // A proxy whose traps throw is simply not one.
    const hostile = new Proxy({}, { has: () => { throw new Error('has'); } });
    expect(hostile instanceof AgentCoreError).toBe(false);
  });

  it('keeps the ordinary instanceof for a subclass', () => {
    class ProviderError extends AgentCoreError {}
    const sub = new ProviderError('PROVIDER_FAILED', 'x');
    const foreign = Object.assign(new Error('other copy'), { [Symbol.for('@jangts/agent-core.error')]: true });
    expect(sub instanceof ProviderError).toBe(true);
    expect(sub instanceof AgentCoreError).toBe(true);
    expect(sub instanceof Error).toBe(true);
    expect(new AgentCoreError('PROVIDER_FAILED', 'x') instanceof ProviderError).toBe(false);
    expect(foreign instanceof ProviderError).toBe(false);
    expect(AgentCoreError.isInstance(sub)).toBe(true);
  });

  it('keeps its brand out of its own enumerable properties and its JSON', () => {
    const error = new AgentCoreError('ABORTED', 'x');
    const brand = Symbol.for('@jangts/agent-core.error');
    expect(Object.getOwnPropertyDescriptor(error, brand)).toEqual({ value: true, enumerable: false, writable: false, configurable: false });
    expect(Object.keys(error).sort()).toEqual(['code', 'details', 'name']);
    expect(brand in Object.assign({}, error)).toBe(false); // a copy of its fields is not branded
  });

  it('from() keeps an AgentCoreError and wraps anything else with its cause', () => {
    const original = new AgentCoreError('ABORTED', 'aborted');
    expect(AgentCoreError.from(original, 'PROVIDER_FAILED')).toBe(original);
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...AGENT_CORE_ERROR_CODES), (thrown, code) => {
        const wrapped = AgentCoreError.from(thrown, code);
        expect(wrapped.code).toBe(code);
        expect(wrapped.cause).toBe(thrown);
        expect(typeof wrapped.message).toBe('string');
      }),
    );
  });

  it('serialises to JSON matching its schema', () => {
    const validator = compileSchema(AgentCoreErrorJsonSchema);
    for (const code of AGENT_CORE_ERROR_CODES) {
      const json: unknown = JSON.parse(JSON.stringify(new AgentCoreError(code, 'm', { details: { field: 'x' } })));
      expect(validator.issues(json)).toEqual([]);
    }
  });
});

describe('AgentCoreError with hostile values', () => {
  it('never throws on a proxy whose traps throw', () => {
    const hostile = new Proxy(
      {},
      {
        has: () => {
          throw new Error('has');
        },
        get: () => {
          throw new Error('get');
        },
        getPrototypeOf: () => {
          throw new Error('getPrototypeOf');
        },
      },
    );
    expect(AgentCoreError.isInstance(hostile)).toBe(false);
    const wrapped = AgentCoreError.from(hostile, 'SOURCE_FAILED');
    expect(wrapped.code).toBe('SOURCE_FAILED');
    expect(wrapped.message).toBe('unexpected failure');
  });
});

describe('AgentCoreError arguments', () => {
  function thrown(run: () => unknown): unknown {
    try {
      run();
    } catch (error) {
      return error;
    }
    return undefined;
  }

  it.each<[string, () => unknown, string]>([
    ['an unknown code', () => new AgentCoreError('NOT_A_CODE' as never, 'm'), 'code'],
    ['a code that is not a string', () => new AgentCoreError(5 as never, 'm'), 'code'],
    ['a message that is not a string', () => new AgentCoreError('CONFIG_INVALID', {} as never), 'message'],
    ['options that are not an object', () => new AgentCoreError('CONFIG_INVALID', 'm', 'x' as never), 'options'],
    ['details that are a list', () => new AgentCoreError('CONFIG_INVALID', 'm', { details: [] as never }), 'options.details'],
    ['options whose reading throws', () => new AgentCoreError('CONFIG_INVALID', 'm', new Proxy({}, { get: () => { throw new Error('trap'); } })), 'options'],
  ])('refuses %s with INPUT_INVALID naming it', (_, run, field) => {
    const error = thrown(run);
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INPUT_INVALID', details: { field } });
  });

  it('takes null options as none', () => {
    expect(new AgentCoreError('CONFIG_INVALID', 'm', null).details).toEqual({});
  });

  it('only ever throws AgentCoreError, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (code, message, options) => {
        const error = thrown(() => new AgentCoreError(code as never, message as never, options as never));
        if (error !== undefined) expect(AgentCoreError.isInstance(error)).toBe(true);
      }),
    );
  });
});

describe('AGENT_CORE_ERROR_CODES', () => {
  it('is frozen: an App cannot add or change a code', () => {
    expect(Object.isFrozen(AGENT_CORE_ERROR_CODES)).toBe(true);
    expect(() => (AGENT_CORE_ERROR_CODES as unknown as string[]).push('MADE_UP')).toThrow(TypeError);
  });
});
