import { describe, expect, it } from 'vitest';
import { appendTraceBatch, completeLines, type FilePosition } from './append-trace-batch.js';
import type { FileOperations } from './file-operation.js';
import { createPendingRecord, createRecordHead } from './pending-record.js';

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
    const marked = write('\u001e\n{"a":1}\n', 2);
    expect(completeLines(marked, 1)).toEqual({ records: 0, bytes: 0 });
    expect(completeLines(marked, 2)).toEqual({ records: 0, bytes: 2 });
    expect(completeLines(marked, 10)).toEqual({ records: 1, bytes: 10 });
  });
});

/** A trace file in memory, and a driver carrying out the store's protocol on it; `failWrites` makes every write fail after `writable` bytes. */
function memoryFile(text: string, options: { readonly writable?: number } = {}) {
  let content = Buffer.from(text);
  const stats = () => ({
    dev: 1, ino: 7, birthtimeMs: 1, size: content.length, nlink: 1, uid: process.geteuid?.() ?? 0, mtimeMs: 1,
    isFile: () => true, isDirectory: () => false, isSymbolicLink: () => false,
  });
  let writable = options.writable ?? Number.POSITIVE_INFINITY;
  const run = <TResult>(protocol: FileOperations<TResult, 'file'>): TResult => {
    let step = protocol.next();
    while (step.done !== true) {
      const operation = step.value;
      let result: unknown;
      try {
        switch (operation.kind) {
          case 'open': result = 'file'; break;
          case 'fstat': case 'lstat': result = stats(); break;
          case 'read': result = content.copy(operation.buffer, 0, operation.position, operation.position + operation.length); break;
          case 'write': {
            const bytes = Math.min(operation.buffer.length - operation.offset, writable);
            if (bytes === 0) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
            content = Buffer.concat([content, operation.buffer.subarray(operation.offset, operation.offset + bytes)]);
            writable -= bytes;
            result = bytes;
            break;
          }
          case 'truncate': content = content.subarray(0, operation.length); break;
          case 'close': case 'mkdir': case 'realpath': case 'sleep': result = undefined; break;
        }
      } catch (error) {
        step = protocol.throw(error);
        continue;
      }
      step = protocol.next(result);
    }
    return step.value;
  };
  return { run, text: () => content.toString('utf8') };
}

const head = createRecordHead('run-1', 'f');
const pending = (type: string) => createPendingRecord(head, '2024-01-01T00:00:00.000Z', type, undefined);
const append = (file: ReturnType<typeof memoryFile>, types: readonly string[], position?: FilePosition) =>
  file.run(appendTraceBatch<'file'>({ traceId: 'run-1', filePath: '/logs/run-1.jsonl', records: types.map(pending), position, progress: { phase: 'before-write', write: undefined } }));
const record = (seq: number, type: string) => `${head.text}${seq},"at":"2024-01-01T00:00:00.000Z","type":"${type}"}`;

describe('appendTraceBatch', () => {
  it('ends a torn last line with the torn-line mark, and continues the seq of the last record', () => {
    const file = memoryFile(`${record(0, 'a')}\n{"traceId":"run-1","fl`);
    expect(append(file, ['b'])).toMatchObject({ written: 1 });
    expect(file.text()).toBe(`${record(0, 'a')}\n{"traceId":"run-1","fl\u001e\n${record(1, 'b')}\n`);
  });

  it('ends a last record that lost only its newline with a newline, and counts it', () => {
    const file = memoryFile(record(3, 'a'));
    append(file, ['b']);
    expect(file.text()).toBe(`${record(3, 'a')}\n${record(4, 'b')}\n`);
  });

  it('forgets the position when nothing of a batch after a torn line landed, so the next append ends that line first', () => {
    const file = memoryFile(`${record(0, 'a')}\n{"torn`, { writable: 1 });
    const failed = append(file, ['b']);
    expect(failed).toMatchObject({ written: 0, position: undefined });
    expect(failed.failure).toBeDefined();
    // The half-written mark was cut back: the file is as the crash left it.
    expect(file.text()).toBe(`${record(0, 'a')}\n{"torn`);
    const writable = memoryFile(file.text());
    append(writable, ['b'], failed.position);
    expect(writable.text()).toBe(`${record(0, 'a')}\n{"torn\u001e\n${record(1, 'b')}\n`);
  });
});
