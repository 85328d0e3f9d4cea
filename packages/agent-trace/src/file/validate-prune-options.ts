import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { detailValue } from '@jangts/agent-types/internal';
import type { LogPruneOptions } from '../trace-store.js';
import { readingGuarded } from './reading-guarded.js';

/**
 * Validates the rules of `prune`: an object with at least one of `olderThanMs` and
 * `maxTotalBytes`, each a non-negative safe integer, and no other key; otherwise `INPUT_INVALID`
 * naming the field (`options` when reading them threw).
 */
export function validatePruneOptions(options: unknown): LogPruneOptions {
  return readingGuarded('INPUT_INVALID', 'options', () => validate(options));
}

const RULE_KEYS = new Set(['olderThanMs', 'maxTotalBytes']);

function validate(options: unknown): LogPruneOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'must be an object');
  // An unknown key is most likely a misspelt rule (`olderthanMs`), which would silently not apply.
  for (const key of Object.keys(options)) {
    if (!RULE_KEYS.has(key)) throw invalid(key, 'is not a prune rule (olderThanMs, maxTotalBytes)');
  }
  const { olderThanMs, maxTotalBytes } = options as Record<string, unknown>;
  if (olderThanMs === undefined && maxTotalBytes === undefined) {
    throw invalid('options', 'must give olderThanMs, maxTotalBytes or both');
  }
  return { olderThanMs: limit('olderThanMs', olderThanMs), maxTotalBytes: limit('maxTotalBytes', maxTotalBytes) };
}

function limit(field: string, value: unknown): number | undefined {
  if (value !== undefined && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) {
    throw invalid(field, 'must be a non-negative integer', { minimum: 0, limit: Number.MAX_SAFE_INTEGER, actual: detailValue(value) });
  }
  return value;
}

function invalid(field: string, problem: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `${field} ${problem}`, { details: { field, ...extra } });
}
