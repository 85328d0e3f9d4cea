import { describe, expect, it } from 'vitest';
import { JsonValueReader } from './json-value-reader.js';

describe('JsonValueReader', () => {
  it('shows each open number as read so far, a number of the same length after another included', () => {
    const reader = new JsonValueReader([]);
    reader.write('[1');
    expect(reader.value()).toEqual([1]);
    reader.write(', 2');
    expect(reader.value()).toEqual([1, 2]);
    reader.write('3');
    expect(reader.value()).toEqual([1, 23]);
    reader.write(', -');
    expect(reader.value()).toEqual([1, 23]);
    reader.write('4]');
    expect(reader.value()).toEqual([1, 23, -4]);
    expect(reader.status).toBe('complete');
  });

  it('builds the value of a document however it is cut, strings and keys decoded', () => {
    const document = '{"a":[true,null,{"b\\u0063":"x\\ny"}],"__proto__":1.5e2}';
    for (let cut = 0; cut <= document.length; cut++) {
      const reader = new JsonValueReader([]);
      reader.write(document.slice(0, cut));
      reader.write(document.slice(cut));
      expect(reader.value()).toEqual(JSON.parse(document));
    }
  });
});
