import type { ModelRunner } from '@jangts/agent-runner';
import { describeValue, detailValue } from '@jangts/agent-types/internal';
import { isPlainRecord } from './is-plain-record.js';
import { configInvalid, readingGuarded } from './reflection-errors.js';
import type { ReflectionOptions } from './reflection-options.js';
import type { ReflectionSource } from './reflection-source.js';

const SCOPE = 'defineReflection';
const OPTION_KEYS = new Set(['model', 'source', 'authorize', 'maxCalls', 'reserveCalls', 'maxPages', 'maxEvents', 'maxEvidenceChars']);

/** Options of a reflection after validation: the model and source as given, budgets checked. */
export interface ReadReflectionOptionsResult<App> extends Omit<ReflectionOptions<App>, 'model'> {
  /** The model, which needs only `invoke` (a `ModelRunner`, or anything shaped like one). */
  readonly model: Pick<ModelRunner, 'invoke'>;
  /** `source.id`, read once. */
  readonly sourceId: string;
  /** `source.description`, read once. */
  readonly sourceDescription: string;
}

/**
 * Validates the options of `defineReflection`: a plain object without unknown keys; `model` with
 * an `invoke` method (a `ModelRunner`, or anything shaped like one); `source` with a non-empty
 * string `id`, a string `description` and `authorize` / `query` functions; an `authorize`
 * function; positive safe integer budgets with `1 <= reserveCalls < maxCalls`. Throws
 * `CONFIG_INVALID` naming the first offending field (`options` when reading them threw: a
 * throwing getter or proxy).
 */
export function readReflectionOptions<App>(options: ReflectionOptions<App>): ReadReflectionOptionsResult<App> {
  return readingGuarded('CONFIG_INVALID', SCOPE, 'options', () => readOptions(options));
}

function readOptions<App>(options: ReflectionOptions<App>): ReadReflectionOptionsResult<App> {
  const input: unknown = options;
  if (!isPlainRecord(input)) throw configInvalid(SCOPE, 'options', 'must be an object');
  const unknownKey = Object.keys(input).find((key) => !OPTION_KEYS.has(key));
  if (unknownKey !== undefined) {
    throw configInvalid(SCOPE, unknownKey, `is not an option (${[...OPTION_KEYS].join(', ')})`);
  }
  const { model, source, authorize } = input;
  if (!hasFunction(model, 'invoke')) throw configInvalid(SCOPE, 'model', 'must be a ModelRunner (an object with an invoke method)');
  const { sourceId, sourceDescription } = checkSource(source);
  if (typeof authorize !== 'function') throw configInvalid(SCOPE, 'authorize', 'must be a function (question, context) => void | Promise<void>');
  const maxCalls = readBudget(input, 'maxCalls', 2);
  const reserveCalls = readBudget(input, 'reserveCalls', 1);
  if (reserveCalls >= maxCalls) {
    throw configInvalid(SCOPE, 'reserveCalls', `must be less than maxCalls (${maxCalls}), got ${reserveCalls}`, {
      minimum: 1,
      limit: maxCalls - 1,
      actual: reserveCalls,
    });
  }
  return {
    model: model as Pick<ModelRunner, 'invoke'>,
    source: source as ReflectionSource<App>,
    sourceId,
    sourceDescription,
    authorize: authorize as ReadReflectionOptionsResult<App>['authorize'],
    maxCalls,
    reserveCalls,
    maxPages: readBudget(input, 'maxPages', 1),
    maxEvents: readBudget(input, 'maxEvents', 1),
    maxEvidenceChars: readBudget(input, 'maxEvidenceChars', 1),
  };
}

function checkSource(source: unknown): { sourceId: string; sourceDescription: string } {
  if (typeof source !== 'object' || source === null) {
    throw configInvalid(SCOPE, 'source', 'must be a ReflectionSource { id, description, authorize, query }');
  }
  const { id, description } = source as Record<string, unknown>;
  if (typeof id !== 'string' || id.trim() === '') throw configInvalid(SCOPE, 'source.id', 'must be a non-empty string');
  if (typeof description !== 'string') throw configInvalid(SCOPE, 'source.description', 'must be a string');
  if (!hasFunction(source, 'authorize')) throw configInvalid(SCOPE, 'source.authorize', 'must be a function (query, context) => void | Promise<void>');
  if (!hasFunction(source, 'query')) throw configInvalid(SCOPE, 'source.query', 'must be a function (query, context) => Promise<ReflectionPage>');
  return { sourceId: id, sourceDescription: description };
}

function hasFunction(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'function';
}

function readBudget(options: Record<string, unknown>, field: string, minimum: number): number {
  const value = options[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    throw configInvalid(SCOPE, field, `must be a safe integer from ${minimum} to ${Number.MAX_SAFE_INTEGER}, got ${describeValue(value)}`, {
      minimum,
      limit: Number.MAX_SAFE_INTEGER,
      actual: detailValue(value),
    });
  }
  return value;
}
