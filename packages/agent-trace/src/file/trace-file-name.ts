import { isWindowsDeviceName, MAX_TRACE_ID_LENGTH, TRACE_ID_PATTERN } from '../trace-id.js';

const FILE_EXTENSION = '.jsonl';
const TRACE_FILE_NAME = /^[a-z0-9+][a-z0-9._+-]*\.jsonl$/;

/**
 * The file name of a valid trace id: the id with every upper-case letter written as `+` and the
 * lower-case letter, plus `.jsonl`. Distinct ids therefore never share a file, even on a
 * case-insensitive file system.
 */
export function traceFileName(traceId: string): string {
  return traceId.replace(/[A-Z]/g, (letter) => `+${letter.toLowerCase()}`) + FILE_EXTENSION;
}

/** The trace id stored under `fileName`, or `undefined` when the name is not a trace file. */
export function traceIdFromFileName(fileName: string): string | undefined {
  if (!TRACE_FILE_NAME.test(fileName)) return undefined;
  const traceId = fileName
    .slice(0, -FILE_EXTENSION.length)
    .replace(/\+([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  if (!TRACE_ID_PATTERN.test(traceId) || traceId.length > MAX_TRACE_ID_LENGTH) return undefined;
  if (isWindowsDeviceName(traceId) || traceFileName(traceId) !== fileName) return undefined;
  return traceId;
}
