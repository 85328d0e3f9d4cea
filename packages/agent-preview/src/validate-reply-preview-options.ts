import { detailValue } from '@jangts/agent-types/internal';
import { assertPathPattern, configInvalid } from './json-path-pattern.js';
import type { ReplyPreviewOptions } from './create-reply-preview.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

const OPTION_KEYS = new Set(['rules', 'sink', 'maxChars']);
const RULE_KEYS = new Set(['toolId', 'stageId', 'paths', 'when']);
const WHEN_KEYS = new Set(['path', 'values']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assertKnownKeys(value: Record<string, unknown>, known: ReadonlySet<string>, field: string, rule?: number): void {
  for (const key of Object.keys(value)) {
    if (!known.has(key)) {
      const name = field === '' ? key : `${field}.${key}`;
      throw configInvalid(name, `unknown option ${name} (allowed: ${[...known].join(', ')})`, rule);
    }
  }
}

function assertOptionalId(value: unknown, field: string, rule: number): void {
  if (value !== undefined && (typeof value !== 'string' || value.length === 0)) {
    throw configInvalid(field, `${field} must be a non-empty string when given`, rule);
  }
}

function assertRule(rule: unknown, index: number): asserts rule is ReplyPreviewRule {
  const field = `rules[${index}]`;
  if (!isRecord(rule)) throw configInvalid(field, `${field} must be an object`, index);
  assertKnownKeys(rule, RULE_KEYS, field, index);
  assertOptionalId(rule.toolId, `${field}.toolId`, index);
  assertOptionalId(rule.stageId, `${field}.stageId`, index);
  const { paths, when } = rule;
  if (paths !== undefined) {
    if (rule.toolId === undefined) {
      throw configInvalid(`${field}.paths`, `${field}.paths needs a toolId: a plain-text stage has one bubble, its text`, index);
    }
    if (!Array.isArray(paths) || paths.length === 0) {
      throw configInvalid(`${field}.paths`, `${field}.paths must be a non-empty array of paths`, index);
    }
    for (let position = 0; position < paths.length; position++) {
      assertPathPattern(paths[position], `${field}.paths[${position}]`, true, index);
    }
  }
  if (when !== undefined) {
    if (rule.toolId === undefined) {
      throw configInvalid(`${field}.when`, `${field}.when needs a toolId: it reads a field of the tool's arguments`, index);
    }
    if (!isRecord(when)) throw configInvalid(`${field}.when`, `${field}.when must be an object { path, values }`, index);
    assertKnownKeys(when, WHEN_KEYS, `${field}.when`, index);
    assertPathPattern(when.path, `${field}.when.path`, false, index);
    const { values } = when;
    if (!Array.isArray(values) || values.length === 0) {
      throw configInvalid(`${field}.when.values`, `${field}.when.values must be a non-empty array of strings`, index);
    }
    for (let position = 0; position < values.length; position++) {
      if (typeof values[position] !== 'string') {
        throw configInvalid(`${field}.when.values[${position}]`, `${field}.when.values[${position}] must be a string`, index);
      }
    }
  }
}

/**
 * Validates the options of {@link createReplyPreview}; throws `CONFIG_INVALID` naming the field
 * (and, for a rule, its index) on the first problem found.
 */
export function validateReplyPreviewOptions(options: unknown): asserts options is ReplyPreviewOptions {
  if (!isRecord(options)) throw configInvalid('options', 'options must be an object { rules, sink, maxChars? }');
  assertKnownKeys(options, OPTION_KEYS, '');
  const { rules, sink, maxChars } = options;
  if (!Array.isArray(rules) || rules.length === 0) throw configInvalid('rules', 'rules must be a non-empty array of rules');
  // Index loops, not forEach, here and below: a hole in a sparse array is a missing entry.
  for (let index = 0; index < rules.length; index++) assertRule(rules[index], index);
  // A rule is shadowed by an earlier one for the same tool (or the same plain-text stages) that
  // matches any stage, or the same stage. The first such rule of each kind, by tool and stage:
  const anyStage = new Map<string | undefined, number>();
  const byStage = new Map<string | undefined, Map<string, number>>();
  (rules as readonly ReplyPreviewRule[]).forEach((rule, index) => {
    const general = anyStage.get(rule.toolId) ?? -1;
    const specific = rule.stageId === undefined ? -1 : (byStage.get(rule.toolId)?.get(rule.stageId) ?? -1);
    const earlier = general === -1 ? specific : specific === -1 ? general : Math.min(general, specific);
    if (rule.stageId === undefined) {
      if (!anyStage.has(rule.toolId)) anyStage.set(rule.toolId, index);
    } else {
      let stages = byStage.get(rule.toolId);
      if (stages === undefined) byStage.set(rule.toolId, (stages = new Map<string, number>()));
      if (!stages.has(rule.stageId)) stages.set(rule.stageId, index);
    }
    if (earlier !== -1) {
      throw configInvalid(
        `rules[${index}]`,
        `rules[${index}] can never match: rules[${earlier}] comes first and matches every stage and tool it does`,
        index,
      );
    }
  });
  if (typeof sink !== 'function') throw configInvalid('sink', 'sink must be a function (bubbles) => void | Promise<void>');
  if (maxChars !== undefined && (typeof maxChars !== 'number' || !Number.isSafeInteger(maxChars) || maxChars < 1)) {
    throw configInvalid('maxChars', `maxChars must be a positive safe integer, got ${typeof maxChars === 'number' ? String(maxChars) : typeof maxChars}`, undefined, {
      minimum: 1,
      limit: Number.MAX_SAFE_INTEGER,
      actual: detailValue(maxChars),
    });
  }
}
