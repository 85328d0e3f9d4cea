import { AgentCoreError } from '@jangts/agent-types';

/**
 * Longest trace id the file log store accepts. Upper-case letters take two characters in the
 * file name, so 120 keeps every file name (`<id>.jsonl`) within the 255-byte limit of common
 * file systems.
 */
export const MAX_TRACE_ID_LENGTH = 120;

/** The allow-list of trace ids: a letter or digit, then letters, digits, `.`, `_` or `-`. */
export const TRACE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Windows device names, which stay devices whatever their extension (`con.jsonl`). */
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\.|$)/i;

const FILE_EXTENSION = '.jsonl';
const TRACE_FILE_NAME = /^[a-z0-9+][a-z0-9._+-]*\.jsonl$/;

/**
 * Throws `INPUT_INVALID` unless `traceId` is a trace id the store can map to a file inside its
 * directory: at most {@link MAX_TRACE_ID_LENGTH} characters matching {@link TRACE_ID_PATTERN},
 * and not a Windows device name. The allow-list excludes separators, `..`, `:`, NUL, controls
 * and anything else a file system could read as more than a plain name.
 */
export function assertTraceId(traceId: unknown, field = 'traceId'): asserts traceId is string {
  if (typeof traceId !== 'string') {
    throw new AgentCoreError('INPUT_INVALID', `${field} must be a string`, { details: { field } });
  }
  if (traceId.length === 0 || traceId.length > MAX_TRACE_ID_LENGTH) {
    throw new AgentCoreError(
      'INPUT_INVALID',
      `${field} must be 1 to ${MAX_TRACE_ID_LENGTH} characters long, got ${traceId.length}`,
      { details: { field, limit: MAX_TRACE_ID_LENGTH, actual: traceId.length } },
    );
  }
  if (!TRACE_ID_PATTERN.test(traceId)) {
    throw new AgentCoreError('INPUT_INVALID', `${field} must match ${TRACE_ID_PATTERN.source}`, {
      details: { field, pattern: TRACE_ID_PATTERN.source, actual: traceId.slice(0, 40) },
    });
  }
  if (WINDOWS_DEVICE_NAME.test(traceId)) {
    throw new AgentCoreError('INPUT_INVALID', `${field} must not be a Windows device name (con, nul, com1, …)`, {
      details: { field, actual: traceId },
    });
  }
}

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
  if (WINDOWS_DEVICE_NAME.test(traceId) || traceFileName(traceId) !== fileName) return undefined;
  return traceId;
}
