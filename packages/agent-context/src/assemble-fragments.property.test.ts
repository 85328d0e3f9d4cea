import type { AssembledInput, ContextFragment } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue, outcome, textOf, validFragmentArbitrary, validFragmentListArbitrary } from '../test/fragment-arbitraries.js';
import { assembleFragments } from './assemble-fragments.js';

/** SPEC §3's assembly, written out plainly as the oracle. */
function referenceAssembly(fragments: readonly ContextFragment[]): AssembledInput {
  const messages = (['system', 'user'] as const)
    .map((role) => {
      const mine = fragments.filter((fragment) => fragment.role === role);
      return { role, content: mine.map((fragment) => textOf(fragment.value)).join('\n\n'), fragmentIds: mine.map((fragment) => fragment.id) };
    })
    .filter((message) => message.fragmentIds.length > 0);
  return {
    messages,
    fragmentUsage: fragments.map(({ id, sourceId, trust, lifetime, role, maxChars, value }) => ({
      id,
      sourceId,
      trust,
      lifetime,
      role,
      chars: textOf(value).length,
      maxChars,
    })),
    inputChars: messages.reduce((total, message) => total + message.content.length, 0),
  };
}

const maxInputCharsArbitrary = fc.oneof(anyValue, fc.integer(), fc.double(), fc.nat({ max: 2_000 }), fc.constant(Number.MAX_SAFE_INTEGER));

describe('assembleFragments', () => {
  it('assembles any valid list exactly as SPEC describes', () => {
    fc.assert(
      fc.property(validFragmentListArbitrary(), (fragments) => {
        expect(assembleFragments(fragments, Number.MAX_SAFE_INTEGER)).toEqual(referenceAssembly(fragments));
      }),
    );
  });

  it('answers any maxInputChars with the input, INPUT_BUDGET or CONFIG_INVALID', () => {
    fc.assert(
      fc.property(validFragmentListArbitrary(), maxInputCharsArbitrary, (fragments, maxInputChars) => {
        const result = outcome(() => assembleFragments(fragments, maxInputChars as number));
        const reference = referenceAssembly(fragments);
        if (typeof maxInputChars !== 'number' || !Number.isSafeInteger(maxInputChars) || maxInputChars < 1) {
          expect(result.ok ? 'ok' : result.error.code).toBe('CONFIG_INVALID');
        } else if (reference.inputChars > maxInputChars) {
          expect(result.ok ? 'ok' : result.error.details).toMatchObject({ limit: maxInputChars, actual: reference.inputChars });
        } else {
          expect(result).toEqual({ ok: true, value: reference });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('names at most three largest fragments, largest first, in an INPUT_BUDGET error', () => {
    fc.assert(
      fc.property(validFragmentListArbitrary(10).filter((fragments) => fragments.length > 0), (fragments) => {
        const reference = referenceAssembly(fragments);
        fc.pre(reference.inputChars > 1);
        const result = outcome(() => assembleFragments(fragments, reference.inputChars - 1));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.code).toBe('INPUT_BUDGET');
        expect(result.error.details).toEqual({ field: 'fragments', path: '/fragments', rule: 'budget', limit: reference.inputChars - 1, actual: reference.inputChars });
        const listed = /; largest fragments: (.*)$/.exec(result.error.message)?.[1] ?? '';
        const named = [...listed.matchAll(/("(?:[^"\\]|\\.)*") \((\d+)\)/g)].map(([, id, chars]) => ({ id: JSON.parse(id as string) as string, chars: Number(chars) }));
        const sizes = reference.fragmentUsage.map((row) => row.chars).sort((a, b) => b - a);
        expect(named.map((row) => row.chars)).toEqual(sizes.slice(0, 3));
        for (const row of named) expect(reference.fragmentUsage).toContainEqual(expect.objectContaining(row));
      }),
    );
  });

  it('rejects the first repeated id of an assembly with FRAGMENT_DUPLICATE at its index', () => {
    fc.assert(
      fc.property(validFragmentListArbitrary().filter((fragments) => fragments.length > 0), fc.nat(), fc.nat(), validFragmentArbitrary(), (fragments, pick, at, extra) => {
        const copied = fragments[pick % fragments.length] as ContextFragment;
        const position = (at % fragments.length) + 1;
        const list = [...fragments];
        const original = list.findIndex((fragment) => fragment.id === copied.id);
        const index = Math.max(position, original + 1);
        list.splice(index, 0, { ...extra, id: copied.id });
        const result = outcome(() => assembleFragments(list, Number.MAX_SAFE_INTEGER));
        expect(result.ok ? 'ok' : result.error.code).toBe('FRAGMENT_DUPLICATE');
        expect(result.ok ? 'ok' : result.error.details).toEqual({ field: `fragments[${index}].id`, path: `/fragments/${index}/id`, rule: 'duplicate', actual: copied.id });
      }),
    );
  });

  it('answers any value in the list with FRAGMENT_INVALID or TRUST_VIOLATION at its index', () => {
    fc.assert(
      fc.property(validFragmentListArbitrary(4), anyValue, fc.nat(), (fragments, junk, at) => {
        const index = at % (fragments.length + 1);
        const list: unknown[] = [...fragments];
        list.splice(index, 0, junk);
        const result = outcome(() => assembleFragments(list as ContextFragment[], Number.MAX_SAFE_INTEGER));
        expect(result.ok ? 'ok' : result.error.code).toMatch(/^(FRAGMENT_INVALID|TRUST_VIOLATION)$/);
        if (!result.ok) expect(result.error.details.field as string).toMatch(new RegExp(`^fragments\\[${index}\\]([.[]|$)`));
      }),
    );
  });

  it('answers anything as the list with an AgentCoreError, or the empty input for an empty array', () => {
    fc.assert(
      fc.property(anyValue, (fragments) => {
        const result = outcome(() => assembleFragments(fragments as ContextFragment[], 1_000));
        if (Array.isArray(fragments) && fragments.length === 0) expect(result.ok).toBe(true);
        else expect(result.ok ? 'ok' : result.error.code).toMatch(/^(FRAGMENT_INVALID|TRUST_VIOLATION)$/);
      }),
      { numRuns: 300 },
    );
  });
});
