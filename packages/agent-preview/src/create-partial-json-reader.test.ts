import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import cases from './__fixtures__/partial-json-cases.json';
import { createPartialJsonReader } from './create-partial-json-reader.js';
import type { PartialJsonPatch } from './partial-json-reader.js';
import { parsePartialJson } from './parse-partial-json.js';

interface Case {
  readonly input: string;
  readonly expected: unknown;
  readonly parser: string;
  readonly outcome: 'value' | 'error' | 'no-value';
}

const fixJsonRows = (cases as readonly Case[]).filter((row) => row.parser === 'vercel-ai fixJson');

function feed(text: string, chunkSize: number, paths?: readonly (readonly string[])[]): PartialJsonPatch[] {
  const reader = createPartialJsonReader(paths === undefined ? {} : { paths });
  const patches: PartialJsonPatch[] = [];
  for (let start = 0; start < text.length; start += chunkSize) patches.push(...reader.write(text.slice(start, start + chunkSize)));
  return patches;
}

describe('parsePartialJson', () => {
  it('has every vercel-ai fixJson fixture row', () => {
    expect(fixJsonRows).toHaveLength(60);
  });

  it.each(fixJsonRows.map((row) => [JSON.stringify(row.input), row] as const))('matches fixJson on %s', (_name, row) => {
    const result = parsePartialJson(row.input);
    expect(result.value).toEqual(row.outcome === 'no-value' ? undefined : row.expected);
  });

  it.each(fixJsonRows.map((row) => [JSON.stringify(row.input), row] as const))('gives the same value chunk by chunk on %s', (_name, row) => {
    const reader = createPartialJsonReader();
    for (const unit of row.input) reader.write(unit);
    expect(reader.value()).toEqual(row.outcome === 'no-value' ? undefined : row.expected);
  });

  it('completes a root number only at the end of the text', () => {
    expect(parsePartialJson('12')).toEqual({ value: 12, status: 'complete' });
    expect(parsePartialJson('12.')).toEqual({ value: 12, status: 'partial' });
    const reader = createPartialJsonReader();
    reader.write('12');
    expect(reader.status).toBe('partial');
  });

  it('reports where the text stopped being JSON and keeps the value read before', () => {
    expect(parsePartialJson('[1] 2')).toEqual({
      value: [1],
      status: 'error',
      error: { offset: 4, message: 'unexpected "2" after the end of the document' },
    });
    expect(parsePartialJson('12.e')).toMatchObject({ value: 12, status: 'error', error: { offset: 3 } });
  });

  it('rejects a non-string text with INPUT_INVALID', () => {
    expect(() => parsePartialJson(42 as unknown as string)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID' }));
  });
});

describe('createPartialJsonReader', () => {
  it('reports every string value, not keys, when no paths are given', () => {
    const reader = createPartialJsonReader();
    expect(reader.write('{"a":"x","b":[1,"y",{"c":"z"}]}')).toEqual([
      { id: 0, path: ['a'], pathIndex: -1, value: 'x', complete: true },
      { id: 1, path: ['b', 1], pathIndex: -1, value: 'y', complete: true },
      { id: 2, path: ['b', 2, 'c'], pathIndex: -1, value: 'z', complete: true },
    ]);
    expect(reader.status).toBe('complete');
  });

  it('reports a root string with the empty path', () => {
    expect(feed('"hi"', 2)).toEqual([
      { id: 0, path: [], pathIndex: -1, value: 'h', complete: false },
      { id: 0, path: [], pathIndex: -1, value: 'hi', complete: true },
    ]);
  });

  it('reports only the requested paths, with * as any array index and decimal segments as one index', () => {
    const document = '{"text":"t","bubbles":["a",{"text":"no"},"b"],"rows":[["r00","r01"],["r10","r11"]],"0":"key zero"}';
    const patches = feed(document, 1000, [['bubbles', '*'], ['rows', '1', '0'], ['0'], ['text']]);
    expect(patches.map(({ path, pathIndex, value }) => ({ path, pathIndex, value }))).toEqual([
      { path: ['text'], pathIndex: 3, value: 't' },
      { path: ['bubbles', 0], pathIndex: 0, value: 'a' },
      { path: ['bubbles', 2], pathIndex: 0, value: 'b' },
      { path: ['rows', 1, 0], pathIndex: 1, value: 'r10' },
      { path: ['0'], pathIndex: 2, value: 'key zero' },
    ]);
  });

  it('never matches an object key with *', () => {
    expect(feed('{"a":{"*":"star","b":"bee"}}', 1000, [['a', '*']])).toEqual([]);
  });

  it('reports no strings with paths: [] but still builds the value', () => {
    const reader = createPartialJsonReader({ paths: [] });
    expect(reader.write('{"a":"x"}')).toEqual([]);
    expect(reader.value()).toEqual({ a: 'x' });
  });

  it('grows a string chunk by chunk and marks it complete at its closing quote', () => {
    const patches = feed('{"a":"hello world"}', 4, [['a']]);
    expect(patches.map((patch) => [patch.value, patch.complete])).toEqual([
      ['he', false],
      ['hello ', false],
      ['hello worl', false],
      ['hello world', true],
    ]);
  });

  it('never shows an escape half-decoded, wherever the chunks split it', () => {
    const document = '{"a":"q\\"b\\\\n\\n\\u00e9\\ud83d\\ude00\\/end"}';
    const expected = 'q"b\\n\né😀/end';
    for (let size = 1; size <= document.length; size++) {
      const patches = feed(document, size, [['a']]);
      for (const patch of patches) expect(expected.startsWith(patch.value)).toBe(true);
      expect(patches.at(-1)).toMatchObject({ value: expected, complete: true });
    }
  });

  it('reads long chunks the same way as short ones', () => {
    const long = `${'plain ascii text, '.repeat(8)}"quoted"\n${'中文内容'.repeat(30)}\\😀${'x'.repeat(100)}`;
    const document = JSON.stringify({ a: long, b: [long, 'short'], c: 'z'.repeat(70) });
    for (const size of [1, 16, 63, 64, 65, 200, document.length]) {
      const patches = feed(document, size);
      const finals = new Map(patches.map((patch) => [patch.id, patch.value]));
      expect([...finals.values()]).toEqual([long, long, 'short', 'z'.repeat(70)]);
    }
  });

  it('keeps a string of thousands of pieces exact across its flat blocks', () => {
    const long = Array.from({ length: 1500 }, (_, index) => `${index}\n"😀中`).join('');
    const document = JSON.stringify({ a: long, b: [long] });
    for (const size of [1, 3, 7]) {
      const patches = feed(document, size, [['a'], ['b', '*']]);
      let previous = '';
      for (const patch of patches.filter((each) => each.id === 0)) {
        expect(long.startsWith(patch.value) && patch.value.startsWith(previous)).toBe(true);
        previous = patch.value;
      }
      expect(patches.filter((patch) => patch.complete).map((patch) => patch.value)).toEqual([long, long]);
    }
    expect(createPartialJsonReader().write(document).map((patch) => patch.value)).toEqual([long, long]);
  });

  it('finds a raw control character inside a long run at its exact offset', () => {
    const document = `{"a":"${'y'.repeat(150)}\u0007${'y'.repeat(150)}"}`;
    const reader = createPartialJsonReader({ paths: [['a']] });
    expect(reader.write(document)).toEqual([{ id: 0, path: ['a'], pathIndex: 0, value: 'y'.repeat(150), complete: false }]);
    expect(reader.error).toEqual({ offset: 156, message: 'unescaped control character U+0007 in a string' });
  });

  it('holds back a raw high surrogate split from its low half', () => {
    const reader = createPartialJsonReader({ paths: [['a']] });
    expect(reader.write('{"a":"x\ud83d')).toEqual([{ id: 0, path: ['a'], pathIndex: 0, value: 'x', complete: false }]);
    expect(reader.write('\ude00"')).toEqual([{ id: 0, path: ['a'], pathIndex: 0, value: 'x😀', complete: true }]);
  });

  it('makes no patch for a write that only brought a held-back high surrogate', () => {
    const raw = createPartialJsonReader();
    raw.write('{"t":"a');
    expect(raw.write('\ud83d')).toEqual([]);
    expect(raw.write('\ude00')).toEqual([{ id: 0, path: ['t'], pathIndex: -1, value: 'a😀', complete: false }]);
    const escaped = createPartialJsonReader();
    escaped.write('{"t":"a\\ud83');
    expect(escaped.write('d')).toEqual([]);
  });

  it('shows a lone surrogate once its string is complete, as JSON.parse does', () => {
    const patches = feed('["\\ud83d"]', 1);
    expect(patches.at(-1)).toEqual({ id: 0, path: [0], pathIndex: -1, value: '\ud83d', complete: true });
    expect(patches.slice(0, -1).every((patch) => patch.value === '')).toBe(true);
  });

  it('builds the value as it streams and keeps it on __proto__ keys as JSON.parse does', () => {
    const document = '{"__proto__":{"x":1},"list":[true,false,null,-0.5e1,"s"]}';
    const reader = createPartialJsonReader();
    for (const unit of document) reader.write(unit);
    reader.end();
    expect(reader.value()).toEqual(JSON.parse(document));
    expect(Object.getPrototypeOf(reader.value())).toBe(Object.prototype);
    expect(reader.status).toBe('complete');
  });

  it('returns undefined from value() when created with value: false', () => {
    const reader = createPartialJsonReader({ value: false });
    reader.write('{"a":1}');
    expect(reader.value()).toBeUndefined();
    expect(reader.status).toBe('complete');
  });

  it('reads deep nesting without recursion', () => {
    const depth = 100_000;
    const reader = createPartialJsonReader({ value: false });
    reader.write('['.repeat(depth));
    reader.write(']'.repeat(depth));
    expect(reader.status).toBe('complete');
  });

  it.each([
    ['{"a" 1}', 5, 'expected ":" after a key but found "1"'],
    ['{"a":1,}', 7, 'expected a key after "," but found "}"'],
    ['[1,]', 3, 'expected a value but found "]"'],
    ['{1:2}', 1, 'expected a key or "}" but found "1"'],
    ['[1 2]', 3, 'expected "," or "]" but found "2"'],
    ['{"a":1]', 6, 'expected "," or "}" but found "]"'],
    ['"a\nb"', 2, 'unescaped control character U+000a in a string'],
    ['"\\x"', 2, 'invalid escape "\\x" in a string'],
    ['"\\u12g4"', 5, 'expected a hex digit in a \\u escape but found "g"'],
    ['01', 1, 'a number may not have a leading zero'],
    ['-a', 1, 'expected a digit after "-"'],
    ['1.e', 2, 'expected a digit after "."'],
    ['1e+x', 3, 'expected a digit in an exponent'],
    ['tru e', 3, 'expected "true" but found " "'],
    ['nulll', 4, 'unexpected "l" after the end of the document'],
    ["'a'", 0, 'expected a value but found "\'"'],
  ])('puts %j in the error status at offset %i without throwing', (input, offset, message) => {
    for (const size of [1, 2, input.length]) {
      const reader = createPartialJsonReader();
      for (let start = 0; start < input.length; start += size) reader.write(input.slice(start, start + size));
      expect(reader.status).toBe('error');
      expect(reader.error).toEqual({ offset, message });
      expect(reader.write('{}')).toEqual([]);
    }
  });

  it('reports the text read before an error in the same chunk', () => {
    const reader = createPartialJsonReader({ paths: [['a']] });
    expect(reader.write('{"a":"ok\u0001')).toEqual([{ id: 0, path: ['a'], pathIndex: 0, value: 'ok', complete: false }]);
    expect(reader.status).toBe('error');
  });

  it('treats input after end() as an error', () => {
    const reader = createPartialJsonReader();
    reader.write('{}');
    reader.end();
    reader.write(' ');
    expect(reader.error).toEqual({ offset: 2, message: 'input after end()' });
  });

  it('rejects a non-string chunk with INPUT_INVALID', () => {
    const reader = createPartialJsonReader();
    expect(() => reader.write(undefined as unknown as string)).toThrow(AgentCoreError);
    expect(() => reader.write(null as unknown as string)).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', message: 'PartialJsonReader.write: chunk must be a string (got null)', details: expect.objectContaining({ field: 'chunk', rule: 'type' }) }),
    );
  });

  it.each([
    [{ paths: 'a' }, 'paths', 'type'],
    [{ paths: [[]] }, 'paths[0]', 'length'],
    [{ paths: [['a'], 'b'] }, 'paths[1]', 'type'],
    [{ paths: [['a', '']] }, 'paths[0][1]', 'length'],
    [{ paths: [['a', 3]] }, 'paths[0][1]', 'type'],
    [{ paths: [['a*']] }, 'paths[0][0]', 'wildcard'],
    [{ paths: [['**']] }, 'paths[0][0]', 'wildcard'],
    [{ value: 'yes' }, 'value', 'type'],
    [null, 'options', 'type'],
    [[], 'options', 'type'],
    [{ path: [['a']] }, 'path', 'unknown'],
    // Holes in sparse arrays are missing paths and segments, not skipped ones.
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    [{ paths: [, ['a']] }, 'paths[0]', 'hole'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    [{ paths: [['a', , 'b']] }, 'paths[0][1]', 'hole'],
  ])('rejects options %j with CONFIG_INVALID naming %s (%s)', (options, field, rule) => {
    expect(() => createPartialJsonReader(options as never)).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(new RegExp(`^createPartialJsonReader options: ${field.replace(/[[\].]/g, '\\$&')} `)),
        details: expect.objectContaining({ field, rule }),
      }),
    );
  });
});
