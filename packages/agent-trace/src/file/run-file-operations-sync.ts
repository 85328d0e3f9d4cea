import { closeSync, fstatSync, ftruncateSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, writeSync } from 'node:fs';
import type { FileOperation, FileOperations } from './file-operation.js';

/** Shared by every synchronous sleep; nothing ever notifies it. */
let sleeper: Int32Array | undefined;

/**
 * Runs a store protocol with synchronous file-system calls (files are descriptors), for the
 * `exit` hook, where nothing asynchronous runs any more.
 */
export function runFileOperationsSync<TResult>(protocol: FileOperations<TResult, number>): TResult {
  let step = protocol.next();
  while (step.done !== true) {
    let result: unknown;
    try {
      result = perform(step.value);
    } catch (error) {
      step = protocol.throw(error);
      continue;
    }
    step = protocol.next(result);
  }
  return step.value;
}

function perform(operation: FileOperation<number>): unknown {
  switch (operation.kind) {
    case 'realpath':
      return realpathSync.native(operation.path);
    case 'mkdir':
      return mkdirSync(operation.path, { recursive: true });
    case 'open':
      return openSync(operation.path, operation.flags);
    case 'fstat':
      return fstatSync(operation.file);
    case 'lstat':
      return lstatSync(operation.path);
    case 'read':
      return readSync(operation.file, operation.buffer, 0, operation.length, operation.position);
    case 'write': {
      const { file, buffer, offset } = operation;
      return writeSync(file, buffer, offset, buffer.length - offset, null);
    }
    case 'truncate':
      ftruncateSync(operation.file, operation.length);
      return undefined;
    case 'close':
      closeSync(operation.file);
      return undefined;
    case 'sleep':
      sleeper ??= new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(sleeper, 0, 0, operation.milliseconds);
      return undefined;
  }
}
