import * as Type from '@jangts/agent-types/internal/type';
import { parser, rule } from '@jangts/agent-types/internal';
import { PRUNE_OPTIONS_DOOR } from './doors.js';

/** Retention rule of `TraceStore.prune`; at least one limit must be given. */
export interface LogPruneOptions {
  /** Delete traces last written more than this many milliseconds ago. */
  readonly olderThanMs?: number | undefined;
  /** Then delete the least recently written traces until all traces total at most this many bytes. */
  readonly maxTotalBytes?: number | undefined;
}

const Limit = Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }));

/**
 * Schema of {@link LogPruneOptions}: non-negative integers, at least one of them, and no other key
 * (a misspelt `olderthanMs` would silently not apply).
 */
export const LogPruneOptionsSchema = rule(Type.Object({ olderThanMs: Limit, maxTotalBytes: Limit }, { additionalProperties: false }), (options) =>
  options.olderThanMs === undefined && options.maxTotalBytes === undefined
    ? { rule: 'required', problem: 'must give olderThanMs, maxTotalBytes or both' }
    : undefined,
);

const pruneOptions = /* @__PURE__ */ parser(LogPruneOptionsSchema, PRUNE_OPTIONS_DOOR);

/** Prune options through the door: their checked copy, or `INPUT_INVALID` naming the field. */
export function parseLogPruneOptions(options: unknown): LogPruneOptions {
  return pruneOptions.parse(options);
}
