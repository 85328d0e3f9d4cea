import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { logEvidenceId, logRecordToEvidence } from './log-record-to-evidence.js';

const record = { traceId: 't', flowId: 'f', seq: 3, at: '2026-11-30T00:00:00.000Z', type: 'model.start', data: { n: 1 } };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
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

  it('refuses data too long for any engine string as INPUT_INVALID, not a bare RangeError', () => {
    // Data reusing its objects (`v = { a: v, b: v }`, 26 levels) renders to more than 2^29
    // characters: JSON.stringify throws "Invalid string length". Faked here: the real one takes
    // 20 s and a gigabyte.
    const stringify = vi.spyOn(JSON, 'stringify').mockImplementationOnce(() => {
      throw new RangeError('Invalid string length');
    });
    try {
      const error = thrown(() => logRecordToEvidence(record));
      expect(error).toBeInstanceOf(AgentCoreError);
      expect(error).toMatchObject({ code: 'INPUT_INVALID', details: { field: 'record.data' } });
      expect((error as Error).message).toContain('Invalid string length');
    } finally {
      stringify.mockRestore();
    }
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'record'],
    ['an empty object', {}, 'record'],
    ['a negative seq', { ...record, seq: -1 }, 'record.seq'],
    ['a seq past the safe integers', { ...record, seq: 2 ** 53 }, 'record.seq'],
    ['data with a BigInt', { ...record, data: { n: 1n } }, 'record.data.n'],
    ['data with a throwing getter', { ...record, data: Object.defineProperty({}, 'x', { enumerable: true, get: () => { throw new Error('g'); } }) }, 'record'],
  ])('refuse %s with INPUT_INVALID naming the field', (_, value, field) => {
    expect(thrown(() => logRecordToEvidence(value as never))).toMatchObject({ code: 'INPUT_INVALID', details: { field } });
  });

  it.each<[string, unknown, unknown, string]>([
    ['a null-prototype trace id', Object.create(null), 1, 'traceId'],
    ['a symbol trace id', Symbol('t'), 1, 'traceId'],
    ['a fractional seq', 't', -1.5, 'seq'],
  ])('logEvidenceId refuses %s', (_, traceId, seq, field) => {
    expect(thrown(() => logEvidenceId(traceId as never, seq as never))).toMatchObject({ code: 'INPUT_INVALID', details: { field } });
  });

  it('only ever throws AgentCoreError, whatever they are given', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (first, second) => {
        for (const run of [() => logRecordToEvidence(first as never), () => logEvidenceId(first as never, second as never)]) {
          const error = thrown(run);
          if (error !== undefined) expect(AgentCoreError.isInstance(error)).toBe(true);
        }
      }),
    );
  });
});
