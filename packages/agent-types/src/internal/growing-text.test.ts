import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GrowingText } from './growing-text.js';

/** Appends `pieces` and returns every state `current()` showed, then the finished text. */
function grow(pieces: readonly string[], compact: boolean): { shown: string[]; finished: string } {
  const text = new GrowingText();
  const shown: string[] = [];
  for (const piece of pieces) {
    if (piece === '') continue;
    text.add(piece, piece.charCodeAt(piece.length - 1));
    shown.push(text.current());
  }
  return { shown, finished: text.finish(compact) };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Pieces with surrogate pairs cut between them, many more than one block holds. */
const manyPieces = fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('\ud83d', '\ude00', '😀', '好')), { minLength: 0, maxLength: 3000 });

describe('GrowingText', () => {
  it('shows growing prefixes of the text, never half of a pair, and finishes with all of it', () => {
    fc.assert(
      fc.property(manyPieces, fc.boolean(), (pieces, compact) => {
        const whole = pieces.join('');
        const { shown, finished } = grow(pieces, compact);
        expect(finished).toBe(whole);
        let previous = '';
        for (const state of shown) {
          expect(whole.startsWith(state)).toBe(true);
          expect(state.length).toBeGreaterThanOrEqual(previous.length);
          // A trailing high surrogate is shown only when the text does not pair it.
          const splitsPair = isHighSurrogate(state.charCodeAt(state.length - 1)) && isLowSurrogate(whole.charCodeAt(state.length));
          expect(splitsPair).toBe(false);
          previous = state;
        }
      }),
      { numRuns: 100 },
    );
  });

  it('keeps a text of 5,000 pieces across block boundaries exact', () => {
    const pieces = Array.from({ length: 5000 }, (_, index) => (index % 2 === 0 ? `${index}:\ud83d` : '\ude00,'));
    const { shown, finished } = grow(pieces, true);
    expect(finished).toBe(pieces.join(''));
    expect(shown[1023]).toBe(pieces.slice(0, 1024).join(''));
    expect(shown[4998]).toBe(pieces.slice(0, 4998).join('') + '4998:');
  });

  it('returns the very string it last showed when finished without compacting', () => {
    const text = new GrowingText();
    for (const piece of ['ab', 'cd', 'ef']) text.add(piece, piece.charCodeAt(1));
    const shown = text.current();
    expect(text.finish(false)).toBe(shown);
  });

  it('starts empty again after reset', () => {
    const text = new GrowingText();
    text.add('abc\ud83d', 0xd83d);
    text.reset();
    expect(text.current()).toBe('');
    expect(text.finish(true)).toBe('');
  });
});
