import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunking, cut, hasLoneSurrogate, jsonValue, jsonValueWithLoneSurrogates, stringsAt, text, writeJson, writing } from '../test/arbitraries.js';
import { createPartialJsonReader } from './create-partial-json-reader.js';
import type { PartialJsonPatch } from './partial-json-reader.js';
import { parsePartialJson } from './parse-partial-json.js';

const runs = { numRuns: 300 };

function readAll(chunks: readonly string[], paths?: readonly (readonly string[])[]) {
  const reader = createPartialJsonReader(paths === undefined ? {} : { paths });
  const patches: PartialJsonPatch[] = [];
  for (const chunk of chunks) patches.push(...reader.write(chunk));
  reader.end();
  return { reader, patches };
}

/** The last patch of every string, in id order. */
function finalValues(patches: readonly PartialJsonPatch[]): string[] {
  const last = new Map<number, PartialJsonPatch>();
  for (const patch of patches) last.set(patch.id, patch);
  return [...last.values()].sort((left, right) => left.id - right.id).map((patch) => patch.value);
}

describe('createPartialJsonReader properties', () => {
  it('ends with patches and a value equal to JSON.parse, for every chunking', () => {
    fc.assert(
      fc.property(jsonValueWithLoneSurrogates, writing, chunking, (value, how, chunks) => {
        const document = writeJson(value, how);
        const parsed: unknown = JSON.parse(document);
        const { reader, patches } = readAll(cut(document, chunks));
        expect(reader.status).toBe('complete');
        expect(reader.value()).toEqual(parsed);
        const last = new Map<number, PartialJsonPatch>();
        for (const patch of patches) last.set(patch.id, patch);
        expect([...last.values()].every((patch) => patch.complete)).toBe(true);
        expect(finalValues(patches)).toEqual(stringsAt(parsed));
      }),
      runs,
    );
  });

  it('reports, at the end, exactly the strings JSON.parse has at the requested paths', () => {
    const document = fc.record({
      text: fc.oneof(fc.string(), jsonValue),
      bubbles: fc.array(fc.oneof(fc.string(), jsonValue), { maxLength: 5 }),
      other: jsonValue,
    });
    fc.assert(
      fc.property(document, writing, chunking, (value, how, chunks) => {
        const text = writeJson(value, how);
        const paths = [['text'], ['bubbles', '*'], ['other', '*', 'a']];
        const { patches } = readAll(cut(text, chunks), paths);
        expect(finalValues(patches)).toEqual(stringsAt(JSON.parse(text), paths));
      }),
      runs,
    );
  });

  it('grows every string through prefixes of its final text, never half-decoded, never split inside a pair', () => {
    fc.assert(
      fc.property(jsonValue, writing, chunking, (value, how, chunks) => {
        const document = writeJson(value, how);
        const { patches } = readAll(cut(document, chunks));
        const finals = finalValues(patches);
        expect(finals).toEqual(stringsAt(JSON.parse(document)));
        const previous = new Map<number, string>();
        for (const patch of patches) {
          const final = finals[patch.id]!;
          expect(final.startsWith(patch.value)).toBe(true);
          expect(patch.value.startsWith(previous.get(patch.id) ?? '')).toBe(true);
          expect(hasLoneSurrogate(patch.value)).toBe(false);
          previous.set(patch.id, patch.value);
        }
      }),
      runs,
    );
  });

  it('reads long strings in small chunks through prefixes to the JSON.parse text', () => {
    // Hundreds of pieces per string, with escapes and surrogate pairs cut by the chunk boundaries;
    // read with and without paths. (Strings long enough to fill GrowingText's 1,024-piece blocks
    // are covered by growing-text.test.ts and the 1,500-piece test of partial-json-reader.test.ts.)
    const long = fc.array(text, { minLength: 8, maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.record({ answer: long, bubbles: fc.array(long, { maxLength: 3 }), n: fc.integer() }), writing, fc.integer({ min: 1, max: 5 }), (value, how, size) => {
        const document = writeJson(value, how);
        const chunks: string[] = [];
        for (let start = 0; start < document.length; start += size) chunks.push(document.slice(start, start + size));
        const parsed: unknown = JSON.parse(document);
        const { reader, patches } = readAll(chunks);
        expect(reader.value()).toEqual(parsed);
        const onPaths = readAll(chunks, [['answer'], ['bubbles', '*']]);
        expect(onPaths.reader.status).toBe('complete');
        for (const [read, expected] of [
          [patches, stringsAt(parsed)],
          [onPaths.patches, stringsAt(parsed, [['answer'], ['bubbles', '*']])],
        ] as const) {
          const finals = finalValues(read);
          expect(finals).toEqual(expected);
          const previous = new Map<number, string>();
          for (const patch of read) {
            expect(finals[patch.id]!.startsWith(patch.value)).toBe(true);
            expect(patch.value.startsWith(previous.get(patch.id) ?? '')).toBe(true);
            expect(hasLoneSurrogate(patch.value)).toBe(false);
            previous.set(patch.id, patch.value);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('gives the same partial value after every chunk as one pass over the text so far', () => {
    fc.assert(
      fc.property(jsonValue, writing, chunking, (value, how, chunks) => {
        const document = writeJson(value, how);
        const reader = createPartialJsonReader();
        let soFar = '';
        for (const chunk of cut(document, chunks)) {
          reader.write(chunk);
          soFar += chunk;
          expect(reader.value()).toEqual(parsePartialJson(soFar).value);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('agrees with JSON.parse on which texts are JSON, for mutated documents and arbitrary strings', () => {
    const mutated = fc
      .tuple(jsonValue, writing, fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 2 }), fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', ' ', '0', '-', 'e', '.', 'u', 'n', 't', '\n')), { minLength: 1, maxLength: 3 }))
      .map(([value, how, edits]) => {
        let document = writeJson(value, how);
        for (const [where, kind, unit] of edits) {
          const at = Math.floor(where * document.length);
          document = kind === 0 ? document.slice(0, at) + unit + document.slice(at) : kind === 1 ? document.slice(0, at) + document.slice(at + 1) : document.slice(0, at) + unit + document.slice(at + 1);
        }
        return document;
      });
    fc.assert(
      fc.property(fc.oneof(mutated, fc.string(), fc.string({ unit: fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', ' ', '1', 'a', 'u', 'e', '-', '.') })), chunking, (document, chunks) => {
        let valid = true;
        let parsed: unknown;
        try {
          parsed = JSON.parse(document);
        } catch {
          valid = false;
        }
        const { reader } = readAll(cut(document, chunks));
        expect(reader.status === 'complete').toBe(valid);
        if (valid) expect(reader.value()).toEqual(parsed);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on a truncated document and reports only prefixes of the final strings', () => {
    fc.assert(
      fc.property(jsonValue, writing, fc.double({ min: 0, max: 1, noNaN: true }), chunking, (value, how, where, chunks) => {
        const document = writeJson(value, how);
        const truncated = document.slice(0, Math.floor(where * document.length));
        const finals = stringsAt(JSON.parse(document));
        const { reader, patches } = readAll(cut(truncated, chunks));
        expect(reader.status).not.toBe('error');
        for (const patch of patches) expect(finals[patch.id]!.startsWith(patch.value)).toBe(true);
      }),
      runs,
    );
  });
});
