import type { ContextFragment } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyValue,
  FIELDS,
  ID_PATTERN,
  LIFETIMES,
  outcome,
  ROLES,
  textOf,
  TRUSTS,
  unicodeText,
  validFragmentArbitrary,
} from '../test/fragment-arbitraries.js';
import { isPlainJsonRecord } from '../test/reference-json.js';
import { validateContextFragment } from './validate-context-fragment.js';

type Field = (typeof FIELDS)[number];

const isPositiveSafeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** Arbitrary values for a field: anything at all, mixed with the values that field accepts. */
const candidateValue = (field: Field): fc.Arbitrary<unknown> => {
  switch (field) {
    case 'id':
      return fc.oneof(anyValue, fc.stringMatching(ID_PATTERN), unicodeText({ maxLength: 6 }));
    case 'sourceId':
      return fc.oneof(anyValue, unicodeText({ maxLength: 6 }));
    case 'trust':
      return fc.oneof(anyValue, fc.constantFrom(...TRUSTS));
    case 'lifetime':
      return fc.oneof(anyValue, fc.constantFrom(...LIFETIMES));
    case 'role':
      return fc.oneof(anyValue, fc.constantFrom(...ROLES));
    case 'maxChars':
      return fc.oneof(anyValue, fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 1));
    case 'value':
      return fc.oneof(anyValue, unicodeText({ maxLength: 30 }), fc.dictionary(fc.string(), anyValue, { maxKeys: 4 }));
  }
};

/**
 * The expected outcome of validating `fragment`, worked out from SPEC §3 alone: the code of the
 * first failing rule in the documented order and the field it names (the refused part is that
 * field or below it), or the text.
 */
function expected(fragment: Record<string, unknown>): { code: string; field: string } | { text: string } {
  const { id, sourceId, trust, lifetime, maxChars, role, value } = fragment;
  const invalid = (field: Field) => ({ code: 'FRAGMENT_INVALID', field: `fragment.${field}` });
  if ((trust === 'user' || trust === 'tool') && role === 'system') return { code: 'TRUST_VIOLATION', field: 'fragment.role' };
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) return invalid('id');
  if (typeof sourceId !== 'string' || sourceId.length === 0) return invalid('sourceId');
  if (!(TRUSTS as readonly unknown[]).includes(trust)) return invalid('trust');
  if (!(LIFETIMES as readonly unknown[]).includes(lifetime)) return invalid('lifetime');
  if (!isPositiveSafeInteger(maxChars)) return invalid('maxChars');
  if (!(ROLES as readonly unknown[]).includes(role)) return invalid('role');
  if (typeof value !== 'string' && (role === 'system' || !isPlainJsonRecord(value))) return invalid('value');
  const text = textOf(value);
  return text.length > maxChars ? { code: 'FRAGMENT_BUDGET', field: 'fragment.value' } : { text };
}

/** True when `field` is `parent` or a part below it (`fragment.value.a[0]` is below `fragment.value`). */
const isAtOrBelow = (field: unknown, parent: string): boolean =>
  typeof field === 'string' && (field === parent || field.startsWith(`${parent}.`) || field.startsWith(`${parent}[`));

describe('validateContextFragment', () => {
  it('never rejects a valid fragment and returns its text', () => {
    fc.assert(
      fc.property(validFragmentArbitrary(), (fragment) => {
        expect(validateContextFragment(fragment)).toBe(textOf(fragment.value));
        expect(validateContextFragment(fragment, new Set(), false)).toBe(textOf(fragment.value));
      }),
    );
  });

  it('returns text that parses back to the record it came from', () => {
    fc.assert(
      fc.property(validFragmentArbitrary(), (fragment) => {
        const text = validateContextFragment(fragment);
        if (typeof fragment.value === 'string') return;
        expect(JSON.stringify(JSON.parse(text))).toBe(text);
        expect(Object.keys(JSON.parse(text) as object)).toEqual(Object.keys(fragment.value));
      }),
    );
  });

  it.each(FIELDS)('answers any value of %s with the text or the right AgentCoreError', (field) => {
    fc.assert(
      fc.property(validFragmentArbitrary(), candidateValue(field), (valid, candidate) => {
        const fragment: Record<string, unknown> = { ...valid, [field]: candidate };
        const result = outcome(() => validateContextFragment(fragment as unknown as ContextFragment));
        const want = expected(fragment);
        if ('text' in want) {
          expect(result).toEqual({ ok: true, value: want.text });
        } else {
          expect(result.ok ? 'no error' : result.error.code).toBe(want.code);
          if (!result.ok) {
            const field = result.error.details.field as string;
            expect(isAtOrBelow(field, want.field), `${field} is not at ${want.field}`).toBe(true);
            expect(result.error.message.startsWith(`validateContextFragment: ${field} `)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rejects an unknown field by name, whatever its key and value', () => {
    fc.assert(
      fc.property(
        validFragmentArbitrary(),
        fc.string().filter((key) => !(FIELDS as readonly string[]).includes(key)),
        anyValue,
        (valid, key, extra) => {
          const fragment = { ...valid };
          Object.defineProperty(fragment, key, { value: extra, enumerable: true });
          const result = outcome(() => validateContextFragment(fragment));
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error.code).toBe('FRAGMENT_INVALID');
            const name = key === '' ? '[""]' : `.${key.length > 60 ? `${key.slice(0, 60)}…` : key}`;
            expect(result.error.details).toMatchObject({ field: `fragment${name}`, rule: 'unknown' });
          }
        },
      ),
    );
  });

  it('rejects a fragment missing any field by its name', () => {
    fc.assert(
      fc.property(validFragmentArbitrary(), fc.constantFrom(...FIELDS), (valid, field) => {
        const fragment = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
        const result = outcome(() => validateContextFragment(fragment as unknown as ContextFragment));
        expect(result.ok ? 'no error' : result.error.details).toMatchObject({ field: `fragment.${field}`, rule: 'required' });
      }),
    );
  });

  it('rejects user or tool content in the system slot whatever the other fields hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('user', 'tool'),
        fc.record({ id: anyValue, sourceId: anyValue, lifetime: anyValue, maxChars: anyValue, value: anyValue }, { requiredKeys: [] }),
        fc.dictionary(fc.string(), anyValue, { maxKeys: 2 }),
        (trust, others, extra) => {
          const fragment = { ...extra, ...others, trust, role: 'system' };
          const result = outcome(() => validateContextFragment(fragment as unknown as ContextFragment, new Set([typeof fragment.id === 'string' ? fragment.id : 'question'])));
          expect(result.ok ? 'no error' : result.error.code).toBe('TRUST_VIOLATION');
        },
      ),
    );
  });

  it('answers anything at all with an AgentCoreError, never another exception', () => {
    fc.assert(
      fc.property(anyValue, (input) => {
        const result = outcome(() => validateContextFragment(input as ContextFragment));
        expect(result.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts undefined or any Set as ids and rejects everything else with CONFIG_INVALID', () => {
    fc.assert(
      fc.property(
        validFragmentArbitrary(),
        fc.oneof(anyValue, fc.constant(undefined), fc.array(fc.string()).map((items) => new Set<string>(items))),
        (fragment, ids) => {
          const duplicate = ids instanceof Set && ids.has(fragment.id);
          const result = outcome(() => validateContextFragment(fragment, ids as Set<string>));
          if (ids === undefined || ids instanceof Set) {
            expect(result.ok ? 'ok' : result.error.code).toBe(duplicate ? 'FRAGMENT_DUPLICATE' : 'ok');
            if (ids instanceof Set) expect(ids.has(fragment.id)).toBe(true);
          } else {
            expect(result.ok ? 'ok' : result.error.code).toBe('CONFIG_INVALID');
          }
        },
      ),
    );
  });

  it('accepts a boolean or undefined as checkBudget and rejects everything else with CONFIG_INVALID', () => {
    fc.assert(
      fc.property(validFragmentArbitrary(), fc.oneof(anyValue, fc.boolean()), (fragment, checkBudget) => {
        const result = outcome(() => validateContextFragment(fragment, undefined, checkBudget as boolean));
        const valid = checkBudget === undefined || typeof checkBudget === 'boolean';
        expect(result.ok ? 'ok' : result.error.code).toBe(valid ? 'ok' : 'CONFIG_INVALID');
      }),
    );
  });

  it('rejects the second of two fragments sharing an id, and only that', () => {
    fc.assert(
      fc.property(validFragmentArbitrary(), validFragmentArbitrary(), (first, second) => {
        const ids = new Set<string>();
        validateContextFragment(first, ids);
        const result = outcome(() => validateContextFragment({ ...second, id: first.id }, ids));
        expect(result.ok ? 'ok' : result.error.code).toBe('FRAGMENT_DUPLICATE');
        expect([...ids]).toEqual([first.id]);
      }),
    );
  });

  it('measures budgets in UTF-16 code units, surrogate pairs and CJK included', () => {
    fc.assert(
      fc.property(unicodeText({ minLength: 1, maxLength: 30 }), fc.boolean(), (text, asRecord) => {
        const value = asRecord ? { text } : text;
        const length = textOf(value).length;
        const fragment = (maxChars: number): ContextFragment => ({
          id: 'text',
          sourceId: 'test',
          trust: 'user',
          lifetime: 'turn',
          maxChars,
          role: 'user',
          value,
        });
        expect(validateContextFragment(fragment(length))).toBe(textOf(value));
        if (length > 1) {
          const result = outcome(() => validateContextFragment(fragment(length - 1)));
          expect(result.ok ? 'ok' : result.error.details).toEqual({
            field: 'fragment.value',
            path: '/fragment/value',
            rule: 'budget',
            limit: length - 1,
            actual: length,
          });
        }
      }),
    );
  });
});
