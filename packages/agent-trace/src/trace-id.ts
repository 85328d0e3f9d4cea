import * as Type from '@jangts/agent-types/internal/type';
import { rule } from '@jangts/agent-types/internal';

/**
 * Longest trace id a store accepts. Upper-case letters take two characters in a file store's file
 * name, so 120 keeps every file name (`<id>.jsonl`) within the 255-byte limit of common file systems.
 */
export const MAX_TRACE_ID_LENGTH = 120;

/** The allow-list of trace ids: a letter or digit, then letters, digits, `.`, `_` or `-`. */
export const TRACE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Windows device names, which stay devices whatever their extension (`con.jsonl`). */
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\.|$)/i;

/** True for a Windows device name (`con`, `NUL.txt`, `com1`), which no trace id may be. */
export function isWindowsDeviceName(traceId: string): boolean {
  return WINDOWS_DEVICE_NAME.test(traceId);
}

/**
 * Schema of a trace id, the same for every store so traces can move between them: 1 to
 * {@link MAX_TRACE_ID_LENGTH} characters matching `^[A-Za-z0-9][A-Za-z0-9._-]*$`, not a Windows device
 * name. The allow-list excludes separators, `..`, `:`, NUL, controls and anything else a file
 * system could read as more than a plain name. W3C trace ids, UUIDs and most generated ids pass.
 */
export const TraceIdSchema = rule(Type.String({ minLength: 1, maxLength: MAX_TRACE_ID_LENGTH, pattern: TRACE_ID_PATTERN.source }), (traceId) =>
  isWindowsDeviceName(traceId) ? { rule: 'pattern', problem: 'must not be a Windows device name (con, prn, aux, nul, com0-9, lpt0-9)', actual: traceId } : undefined,
);
