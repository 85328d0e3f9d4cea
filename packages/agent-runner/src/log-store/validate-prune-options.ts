import { AgentCoreError } from '@jangts/agent-types';
import type { LogPruneOptions } from './file-log-store.js';

/**
 * Validates the rules of `prune`: an object with at least one of `olderThanMs` and
 * `maxTotalBytes`, each a non-negative safe integer; otherwise `INPUT_INVALID` naming the field.
 */
export function validatePruneOptions(options: unknown): LogPruneOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'must be an object');
  const { olderThanMs, maxTotalBytes } = options as Record<string, unknown>;
  if (olderThanMs === undefined && maxTotalBytes === undefined) {
    throw invalid('options', 'must give olderThanMs, maxTotalBytes or both');
  }
  return { olderThanMs: limit('olderThanMs', olderThanMs), maxTotalBytes: limit('maxTotalBytes', maxTotalBytes) };
}

function limit(field: string, value: unknown): number | undefined {
  if (value !== undefined && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) {
    throw invalid(field, 'must be a non-negative integer');
  }
  return value;
}

function invalid(field: string, problem: string): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `${field} ${problem}`, { details: { field } });
}
