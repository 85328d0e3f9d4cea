import { AGENT_CORE_ERROR_CODES, AgentCoreError, type AgentCoreErrorCode, type ContextFragment } from '@jangts/agent-types';
import fc from 'fast-check';
import { expect } from 'vitest';
import { unicodeText } from '../../agent-types/test/arbitraries.js';

export { anyValue, unicodeText } from '../../agent-types/test/arbitraries.js';

/** The id pattern of SPEC §3, written out here independently of the implementation. */
export const ID_PATTERN = /^[a-z][a-zA-Z0-9:._-]*$/;

export const TRUSTS = ['system', 'app', 'user', 'tool'] as const;
export const LIFETIMES = ['static', 'session', 'turn', 'call'] as const;
export const ROLES = ['system', 'user'] as const;
export const FIELDS = ['id', 'sourceId', 'trust', 'lifetime', 'maxChars', 'role', 'value'] as const;

export const fragmentIdArbitrary = fc.stringMatching(/^[a-z][a-zA-Z0-9:._-]{0,20}$/);

/** A record of plain JSON (keys of any text, `__proto__` included), sometimes with a null prototype. */
export const jsonRecordArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.oneof(unicodeText({ maxLength: 8 }), fc.constantFrom('__proto__', 'toJSON', 'constructor', '0', '10')),
  fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }),
  { maxKeys: 6, noNullPrototype: false },
);

export interface FragmentOptions {
  readonly id?: fc.Arbitrary<string>;
  readonly role?: fc.Arbitrary<'system' | 'user'>;
}

/** The text a valid value contributes, computed here independently. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Any valid fragment: `role: 'system'` only with `system`/`app` trust and a string value; `maxChars` at or above its text. */
export const validFragmentArbitrary = (options: FragmentOptions = {}): fc.Arbitrary<ContextFragment> =>
  fc
    .record({
      id: options.id ?? fragmentIdArbitrary,
      sourceId: unicodeText({ minLength: 1, maxLength: 12 }),
      trust: fc.constantFrom(...TRUSTS),
      lifetime: fc.constantFrom(...LIFETIMES),
      role: options.role ?? fc.constantFrom(...ROLES),
      value: fc.oneof(unicodeText({ maxLength: 40 }), jsonRecordArbitrary),
      slack: fc.oneof(fc.constant(0), fc.nat({ max: 50 }), fc.constant(Number.MAX_SAFE_INTEGER)),
    })
    .map(({ id, sourceId, trust, lifetime, role, value, slack }) => {
      const systemAllowed = (trust === 'system' || trust === 'app') && typeof value === 'string';
      const finalRole = role === 'system' && systemAllowed ? 'system' : 'user';
      const length = textOf(value).length;
      const maxChars = Math.max(1, Math.min(Number.MAX_SAFE_INTEGER, length + slack));
      return { id, sourceId, trust, lifetime, maxChars, role: finalRole, value };
    });

/** A list of valid fragments with distinct ids. */
export const validFragmentListArbitrary = (maxLength = 8): fc.Arbitrary<ContextFragment[]> =>
  fc.uniqueArray(validFragmentArbitrary(), { maxLength, selector: (fragment) => fragment.id });

/** Runs `action`; returns its result, or the AgentCoreError it threw. Any other exception fails the test. */
export function outcome<TResult>(action: () => TResult): { ok: true; value: TResult } | { ok: false; error: AgentCoreError } {
  try {
    return { ok: true, value: action() };
  } catch (error) {
    if (!(error instanceof AgentCoreError)) throw new Error(`a non-AgentCoreError escaped: ${String(error)}`, { cause: error });
    expect(AGENT_CORE_ERROR_CODES).toContain(error.code);
    expect(JSON.parse(JSON.stringify(error.details))).toEqual(error.details);
    return { ok: false, error };
  }
}

/** A matcher of the AgentCoreError with `code` (and, when given, exactly this message, details or cause), for `toThrow`. */
export function refusal(code: AgentCoreErrorCode, fields: { readonly message?: unknown; readonly details?: unknown; readonly cause?: unknown } = {}): Error {
  return expect.objectContaining({ name: 'AgentCoreError', code, ...fields }) as Error;
}

/** A baseline valid fragment for example tests. */
export const question = (overrides: Partial<Record<keyof ContextFragment, unknown>> = {}): ContextFragment =>
  ({
    id: 'question',
    sourceId: 'request',
    trust: 'user',
    lifetime: 'turn',
    maxChars: 1000,
    role: 'user',
    value: 'How is the service?',
    ...overrides,
  }) as ContextFragment;
