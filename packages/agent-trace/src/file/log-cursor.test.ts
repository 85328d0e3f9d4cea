import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLogCursor, encodeLogCursor, parseLogCursor } from './log-cursor.js';
import { TRACE_ID_PATTERN } from '../trace-id.js';

function rejection(action: () => unknown): AgentCoreError | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    if (!AgentCoreError.isInstance(error)) throw error;
    return error;
  }
}

const traceIds = fc.stringMatching(TRACE_ID_PATTERN);
const offsets = fc.record({ offset: fc.maxSafeNat(), nextSeq: fc.maxSafeNat() });
const prefixes = fc.uint8Array({ maxLength: 256 });

describe('decodeLogCursor', () => {
  it('reads back the position of its own trace and file', () => {
    fc.assert(
      fc.property(traceIds, offsets, prefixes, (traceId, offset, prefix) => {
        const cursor = encodeLogCursor(traceId, offset, prefix);
        expect(parseLogCursor(cursor)).toEqual(offset);
        expect(decodeLogCursor(traceId, cursor, prefix)).toEqual(offset);
      }),
    );
  });

  it('rejects a cursor of another trace', () => {
    fc.assert(
      fc.property(traceIds, traceIds, offsets, prefixes, (first, second, offset, prefix) => {
        fc.pre(first !== second);
        const error = rejection(() => decodeLogCursor(second, encodeLogCursor(first, offset, prefix), prefix));
        expect(error?.code).toBe('INPUT_INVALID');
      }),
    );
  });

  it('rejects a cursor of an earlier file of the same trace', () => {
    fc.assert(
      fc.property(traceIds, offsets, prefixes, prefixes, (traceId, offset, before, now) => {
        fc.pre(Buffer.compare(before, now) !== 0);
        const error = rejection(() => decodeLogCursor(traceId, encodeLogCursor(traceId, offset, before), now));
        expect(error?.code).toBe('INPUT_INVALID');
      }),
    );
  });

  it('rejects any altered cursor', () => {
    fc.assert(
      fc.property(traceIds, offsets, prefixes, fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (traceId, offset, prefix, at, replacement) => {
        const cursor = encodeLogCursor(traceId, offset, prefix);
        const index = at % cursor.length;
        const altered = cursor.slice(0, index) + replacement + cursor.slice(index + 1);
        fc.pre(altered !== cursor);
        expect(rejection(() => decodeLogCursor(traceId, altered, prefix))?.code).toBe('INPUT_INVALID');
      }),
    );
  });

  it('rejects arbitrary values with INPUT_INVALID naming the cursor', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const error = rejection(() => decodeLogCursor('run-1', typeof value === 'string' ? value : JSON.stringify(value) ?? '', new Uint8Array()));
        expect(error?.code).toBe('INPUT_INVALID');
        expect(error?.details.field).toBe('cursor');
      }),
    );
  });
});
