import { describe, expect, it, vi } from 'vitest';
import { logEvidenceId } from './log-evidence-id.js';
import { logRecordToEvidence } from './log-record-to-evidence.js';

const record = { traceId: 't', flowId: 'f', seq: 3, at: '2026-11-30T00:00:00.000Z', type: 'model.start', data: { n: 1 } };

/** The one form of a refused argument: `<subject>: <field> <problem>`, `details.field` naming it. */
function inputInvalid(subject: string, field: string, rule?: string): Error {
  return expect.objectContaining({
    code: 'INPUT_INVALID',
    message: expect.stringMatching(new RegExp(`^${subject}: ${field.replace(/[[\].]/g, '\\$&')} `)) as string,
    details: expect.objectContaining({ field, ...(rule === undefined ? {} : { rule }) }) as object,
  }) as Error;
}

describe('logRecordToEvidence and logEvidenceId', () => {
  it('turn a record into evidence with the id <traceId>:<seq>', () => {
    expect(logRecordToEvidence(record)).toEqual({
      id: 't:3',
      type: 'model.start',
      text: 'model.start flow=f {"n":1}',
      at: record.at,
      run: 't',
      data: { flowId: 'f', seq: 3, data: { n: 1 } },
    });
    expect(logEvidenceId('t', 3)).toBe('t:3');
  });

  it('read the record once: its data is a copy, whatever a getter answers later', () => {
    let reads = 0;
    const flipping = Object.defineProperty({ ...record }, 'data', {
      enumerable: true,
      get: () => {
        reads += 1;
        return reads === 1 ? { n: 1 } : { n: 1n };
      },
    });
    const evidence = logRecordToEvidence(flipping);
    expect(evidence.data).toEqual({ flowId: 'f', seq: 3, data: { n: 1 } });
    expect(reads).toBe(1);
  });

  it('refuses data too long for any engine string as INPUT_INVALID, not a bare RangeError', () => {
    // Data reusing its objects (`v = { a: v, b: v }`, 26 levels) renders to more than 2^29
    // characters: JSON.stringify throws "Invalid string length". Faked here: the real one takes
    // 20 s and a gigabyte.
    const stringify = vi.spyOn(JSON, 'stringify').mockImplementationOnce(() => {
      throw new RangeError('Invalid string length');
    });
    try {
      expect(() => logRecordToEvidence(record)).toThrow(inputInvalid('logRecordToEvidence', 'record.data', 'size'));
      expect(() => logRecordToEvidence(record)).not.toThrow();
    } finally {
      stringify.mockRestore();
    }
  });

  it.each<[string, unknown, string, string]>([
    ['null', null, 'record', 'type'],
    ['an empty object', {}, 'record.traceId', 'required'],
    ['a negative seq', { ...record, seq: -1 }, 'record.seq', 'range'],
    ['a seq past the safe integers', { ...record, seq: 2 ** 53 }, 'record.seq', 'range'],
    ['data with a BigInt', { ...record, data: { n: 1n } }, 'record.data.n', 'json'],
    ['data with a throwing getter', { ...record, data: Object.defineProperty({}, 'x', { enumerable: true, get: () => { throw new Error('g'); } }) }, 'record.data.x', 'readable'],
  ])('refuses %s with INPUT_INVALID naming the field', (_, value, field, rule) => {
    expect(() => logRecordToEvidence(value as never)).toThrow(inputInvalid('logRecordToEvidence', field, rule));
  });

  it.each<[string, unknown, unknown, string]>([
    ['a null-prototype trace id', Object.create(null), 1, 'traceId'],
    ['a symbol trace id', Symbol('t'), 1, 'traceId'],
    ['an empty trace id', '', 1, 'traceId'],
    ['a fractional seq', 't', -1.5, 'seq'],
    ['a seq past the safe integers', 't', 2 ** 53, 'seq'],
  ])('logEvidenceId refuses %s', (_, traceId, seq, field) => {
    expect(() => logEvidenceId(traceId as never, seq as never)).toThrow(inputInvalid('logEvidenceId', field));
  });
});
