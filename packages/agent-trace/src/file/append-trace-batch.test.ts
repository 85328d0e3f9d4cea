import { describe, expect, it } from 'vitest';
import { completeLines } from './append-trace-batch.js';

const write = (text: string, prefixBytes = 0) => ({ buffer: Buffer.from(text), prefixBytes });

describe('completeLines', () => {
  it('counts the records whose whole line is within the bytes written, and where the last one ends', () => {
    const batch = write('{"a":1}\n{"b":2}\n{"c":3}\n');
    expect(completeLines(batch, 0)).toEqual({ records: 0, bytes: 0 });
    expect(completeLines(batch, 7)).toEqual({ records: 0, bytes: 0 });
    expect(completeLines(batch, 8)).toEqual({ records: 1, bytes: 8 });
    expect(completeLines(batch, 20)).toEqual({ records: 2, bytes: 16 });
    expect(completeLines(batch, 24)).toEqual({ records: 3, bytes: 24 });
  });

  it('keeps the newline that closes a torn line before the batch, without counting it as a record', () => {
    const batch = write('\n{"a":1}\n{"b":2}\n', 1);
    expect(completeLines(batch, 1)).toEqual({ records: 0, bytes: 1 });
    expect(completeLines(batch, 5)).toEqual({ records: 0, bytes: 1 });
    expect(completeLines(batch, 9)).toEqual({ records: 1, bytes: 9 });
    expect(completeLines(batch, 17)).toEqual({ records: 2, bytes: 17 });
  });
});
