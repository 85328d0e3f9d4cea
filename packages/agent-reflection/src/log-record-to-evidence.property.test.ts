import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logEvidenceId } from './log-evidence-id.js';
import { logRecordToEvidence } from './log-record-to-evidence.js';

const validRecord = fc.record(
  {
    traceId: fc.string({ minLength: 1, maxLength: 12 }),
    flowId: fc.string({ minLength: 1, maxLength: 12 }),
    seq: fc.maxSafeNat(),
    at: fc.string({ minLength: 1 }),
    type: fc.string({ minLength: 1, maxLength: 12 }),
    data: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  },
  { requiredKeys: ['traceId', 'flowId', 'seq', 'at', 'type'] },
);

/** One field of a record made wrong, and the field the refusal must name. */
const wrong = fc.oneof(
  fc.constantFrom('traceId', 'flowId', 'at', 'type').chain((key) => fc.oneof(fc.constant(''), fc.integer(), fc.constant(null)).map((value) => ({ key, value, field: `record.${key}` }))),
  fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.constantFrom(2 ** 53, Number.NaN), fc.string()).map((value) => ({ key: 'seq', value, field: 'record.seq' })),
  fc.oneof(fc.constant(1n), fc.constant(Number.NaN), fc.constant(new Date(0)), fc.constant(() => 1)).map((value) => ({ key: 'data', value: { bad: value }, field: 'record.data.bad' })),
);

describe('logRecordToEvidence and logEvidenceId (property)', () => {
  it('turn every valid record into evidence with the id <traceId>:<seq>', () => {
    fc.assert(
      fc.property(validRecord, (record) => {
        const evidence = logRecordToEvidence(record);
        expect(evidence.id).toBe(logEvidenceId(record.traceId, record.seq));
        expect(evidence.id).toBe(`${record.traceId}:${record.seq}`);
        expect(evidence.data).toEqual({ flowId: record.flowId, seq: record.seq, ...(record.data === undefined ? {} : { data: record.data }) });
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuse every record with one field made wrong, naming that field', () => {
    fc.assert(
      fc.property(validRecord, wrong, (record, { key, value, field }) => {
        expect(() => logRecordToEvidence({ ...record, [key]: value })).toThrow(
          expect.objectContaining({ code: 'INPUT_INVALID', message: expect.stringMatching(/^logRecordToEvidence: record/) as string, details: expect.objectContaining({ field }) as object }) as Error,
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('let nothing but INPUT_INVALID escape, whatever they are given', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSparseArray: true, withNullPrototype: true }), fc.anything({ withBigInt: true }), (first, second) => {
        for (const run of [() => logRecordToEvidence(first as never), () => logEvidenceId(first as never, second as never)]) {
          try {
            run();
          } catch (error) {
            expect(AgentCoreError.isInstance(error) && error.code).toBe('INPUT_INVALID');
          }
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
