import { isAbsolute, join, relative, resolve } from 'node:path';
import { AgentCoreError } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TRACE_ID_LENGTH, TRACE_ID_PATTERN, TraceIdSchema } from '../trace-id.js';
import { traceFileName, traceIdFromFileName } from './trace-file-name.js';

const traceIds = parser(TraceIdSchema, { subject: 'open', code: 'INPUT_INVALID', name: 'traceId' });

const directory = resolve('/srv/app/logs');

function rejection(traceId: unknown): AgentCoreError | undefined {
  try {
    traceIds.parse(traceId);
    return undefined;
  } catch (error) {
    if (!AgentCoreError.isInstance(error)) throw error;
    return error;
  }
}

describe('TraceIdSchema', () => {
  it.each([
    ['empty', ''],
    ['parent directory', '..'],
    ['current directory', '.'],
    ['leading dot', '.hidden'],
    ['a path with a slash', 'a/b'],
    ['an escaping path', '../etc/passwd'],
    ['a backslash', 'a\\b'],
    ['a Windows escape', '..\\..\\windows'],
    ['an absolute POSIX path', '/etc/passwd'],
    ['an absolute Windows path', 'C:\\temp'],
    ['a drive-relative name with a colon', 'c:evil'],
    ['an NTFS stream', 'trace:stream'],
    ['NUL', 'abc\0def'],
    ['a control character', 'abc\ndef'],
    ['a space', 'a b'],
    ['a non-ASCII letter', 'tracé'],
    ['a Windows device name', 'con'],
    ['a Windows device name in capitals with an extension', 'NUL.txt'],
    ['a numbered Windows device', 'com1'],
    ['an over-long id', 'a'.repeat(MAX_TRACE_ID_LENGTH + 1)],
  ])('rejects %s with INPUT_INVALID', (_label, traceId) => {
    expect(rejection(traceId)?.code).toBe('INPUT_INVALID');
    expect(rejection(traceId)?.details.field).toBe('traceId');
  });

  it('rejects non-strings with INPUT_INVALID', () => {
    for (const value of [undefined, null, 42, {}, ['a']]) expect(rejection(value)?.code).toBe('INPUT_INVALID');
  });

  it.each(['run-1', 'a', '4bf92f3577b34da6a3ce929d0e0e4736', 'Session_2024.01.05-A', 'console', 'con1', 'a'.repeat(MAX_TRACE_ID_LENGTH)])(
    'accepts %s',
    (traceId) => {
      expect(rejection(traceId)).toBeUndefined();
    },
  );

  it('either rejects an arbitrary string or maps it to a file directly inside the directory', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.stringMatching(TRACE_ID_PATTERN)), (traceId) => {
        const error = rejection(traceId);
        if (error !== undefined) {
          expect(error.code).toBe('INPUT_INVALID');
          return;
        }
        const file = join(directory, traceFileName(traceId));
        const inside = relative(directory, file);
        expect(isAbsolute(inside)).toBe(false);
        expect(inside.startsWith('..')).toBe(false);
        expect(inside).toBe(traceFileName(traceId));
        expect(Buffer.byteLength(inside)).toBeLessThanOrEqual(255);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('traceFileName', () => {
  it('writes upper-case letters as "+" and the lower-case letter', () => {
    expect(traceFileName('run-1')).toBe('run-1.jsonl');
    expect(traceFileName('AbC')).toBe('+ab+c.jsonl');
  });

  it('gives distinct ids distinct names even on a case-insensitive file system, and reads them back', () => {
    fc.assert(
      fc.property(fc.stringMatching(TRACE_ID_PATTERN), fc.stringMatching(TRACE_ID_PATTERN), (first, second) => {
        fc.pre(rejection(first) === undefined && rejection(second) === undefined);
        expect(traceFileName(first)).toBe(traceFileName(first).toLowerCase());
        expect(traceIdFromFileName(traceFileName(first))).toBe(first);
        if (first !== second) expect(traceFileName(first)).not.toBe(traceFileName(second));
      }),
    );
  });
});

describe('traceIdFromFileName', () => {
  it('ignores files that are not trace files', () => {
    for (const name of ['notes.txt', '.jsonl', 'a.json', 'A.jsonl', '+.jsonl', 'a++b.jsonl', 'con.jsonl', '.hidden.jsonl']) {
      expect(traceIdFromFileName(name)).toBeUndefined();
    }
  });
});
