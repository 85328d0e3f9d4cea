import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunk, fileWriteArguments, REPLY_PATHS, replyArguments } from './reply-workload.js';
import { scanExtract } from './scan-extract.js';

/** The strings at `paths` in `value`, in document order, found by walking the parsed value. */
function stringsAt(value: unknown, paths: readonly (readonly string[])[], at: readonly (string | number)[] = []): string[] {
  if (typeof value === 'string') {
    const matches = paths.some((path) => path.length === at.length && path.every((segment, index) => (segment === '*' ? typeof at[index] === 'number' : segment === at[index])));
    return matches ? [value] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsAt(item, paths, [...at, index]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => stringsAt(item, paths, [...at, key]));
  return [];
}

describe('scanExtract', () => {
  it('extracts the answer and every bubble of the reply arguments, whatever the chunk size', () => {
    const text = replyArguments(6 * 1024);
    const parsed = JSON.parse(text) as { answer: string; bubbles: string[] };
    for (let size = 1; size <= 24; size++) expect(scanExtract(chunk(text, size), REPLY_PATHS)).toEqual([parsed.answer, ...parsed.bubbles]);
  });

  it('extracts the content of a file-write call', () => {
    const text = fileWriteArguments(3000);
    expect(scanExtract(chunk(text, 7), [['content']])).toEqual([(JSON.parse(text) as { content: string }).content]);
  });

  it('decodes \\u escapes and surrogate pairs split across chunks', () => {
    const text = '{"answer":"a\\u00e9\\ud83d\\ude00\\n\\"b\\\\","other":"x"}';
    for (let size = 1; size <= text.length; size++) expect(scanExtract(chunk(text, size), [['answer']])).toEqual(['aé😀\n"b\\']);
    expect(scanExtract(chunk('{"\\u0061n\\"":"no","\\u0061":["yes"]}', 3), [['a', '*'], ['an']])).toEqual(['yes']);
  });

  it('finds the same strings as JSON.parse for any JSON document and chunking', () => {
    const paths = [['a'], ['b', '*'], ['*'], ['*', 'a'], ['c', 'd', '*', 'e']];
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'é', '"');
    const leaf = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null));
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
    }));
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 9 }), fc.boolean(), (document, size, spaced) => {
        const text = JSON.stringify(document, null, spaced ? 1 : undefined);
        expect(scanExtract(chunk(text, size), paths)).toEqual(stringsAt(JSON.parse(text), paths));
      }),
    );
  });
});
