import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_CORE_ERROR_CODES } from './agent-core-error-code.js';
import { AgentCoreError } from './agent-core-error.js';
import { AgentCoreErrorJsonSchema } from './structs/error-structs.js';
import { compileSchema } from './schema-validator.js';

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
