import { ftruncateSync } from 'node:fs';
import { lstat, mkdir, open, realpath, type FileHandle } from 'node:fs/promises';
import type { FileOperation, FileOperations } from './file-operation.js';

/** Runs a store protocol with asynchronous file-system calls (files are `FileHandle`s). */
export async function runFileOperations<TResult>(protocol: FileOperations<TResult, FileHandle>): Promise<TResult> {
  let step = protocol.next();
  while (step.done !== true) {
    let result: unknown;
    try {
      result = await perform(step.value);
    } catch (error) {
      step = protocol.throw(error);
      continue;
    }
    step = protocol.next(result);
  }
  return step.value;
}

async function perform(operation: FileOperation<FileHandle>): Promise<unknown> {
  switch (operation.kind) {
    case 'realpath':
      return realpath(operation.path);
    case 'mkdir':
      return mkdir(operation.path, { recursive: true });
    case 'open':
      return open(operation.path, operation.flags);
    case 'fstat':
      return operation.file.stat();
    case 'lstat':
      return lstat(operation.path);
    case 'read':
      return (await operation.file.read(operation.buffer, 0, operation.length, operation.position)).bytesRead;
    case 'write': {
      const { file, buffer, offset } = operation;
      return (await file.write(buffer, offset, buffer.length - offset, null)).bytesWritten;
    }
    case 'truncate':
      // Synchronous on purpose: see FileOperation.
      ftruncateSync(operation.file.fd, operation.length);
      return undefined;
    case 'close':
      return operation.file.close();
    case 'sleep':
      return new Promise((resolve) => setTimeout(resolve, operation.milliseconds));
  }
}
