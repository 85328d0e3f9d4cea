import type { RuleIssue } from '@jangts/agent-types/internal';
import { describeValue } from '@jangts/agent-types/internal';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

/**
 * The cross-field checks of the preview's schemas, named so that the door generated from them
 * (`reply-preview-options-reader.ts`) imports the very functions the schemas hold.
 */

/** A {@link JsonPathPatternSchema} segment: `*` alone or a key without `*`. */
export function pathSegmentIssue(segment: string): RuleIssue | undefined {
  return segment !== '*' && segment.includes('*')
    ? { rule: 'wildcard', problem: `must be \`*\` alone (an array-index wildcard) or a key without \`*\` (got ${describeValue(segment)})`, actual: segment }
    : undefined;
}

/** A `when.path` segment: a field name, no `*`. */
export function whenSegmentIssue(segment: string): RuleIssue | undefined {
  return segment.includes('*') ? { rule: 'wildcard', problem: `must not hold \`*\`: a when path names one field (got ${describeValue(segment)})`, actual: segment } : undefined;
}

/** A rule without `toolId` (a plain-text stage's) takes neither `paths` nor `when`. */
export function replyPreviewRuleIssue({ toolId, paths, when }: ReplyPreviewRule): RuleIssue | undefined {
  if (toolId !== undefined) return undefined;
  if (paths !== undefined) return { path: ['paths'], rule: 'requires', problem: 'needs a toolId: a plain-text stage has one bubble, its text', expected: 'a rule with toolId' };
  if (when !== undefined) return { path: ['when'], rule: 'requires', problem: "needs a toolId: it reads a field of the tool's arguments", expected: 'a rule with toolId' };
  return undefined;
}

/** The first rule matching every stage and tool `rules[index]` does, so that it can never apply; -1 when none. */
function shadowingRule(rules: readonly ReplyPreviewRule[], index: number, first: Map<string, number>): number {
  const { toolId, stageId } = rules[index] as ReplyPreviewRule;
  const key = (stage: string | undefined): string => JSON.stringify([toolId ?? null, stage ?? null]);
  const general = first.get(key(undefined)) ?? -1;
  const specific = stageId === undefined ? -1 : (first.get(key(stageId)) ?? -1);
  if (!first.has(key(stageId))) first.set(key(stageId), index);
  return general === -1 ? specific : specific === -1 ? general : Math.min(general, specific);
}

/** No rule is shadowed by an earlier one (the first rule matching a stage or tool applies). */
export function shadowedRuleIssue({ rules }: { readonly rules: readonly ReplyPreviewRule[] }): RuleIssue | undefined {
  const first = new Map<string, number>();
  for (let index = 0; index < rules.length; index++) {
    const earlier = shadowingRule(rules, index, first);
    if (earlier !== -1) {
      return { path: ['rules', index], rule: 'shadowed', problem: `can never match: rules[${earlier}] comes first and matches every stage and tool it does`, expected: 'specific rules (stageId set) before general ones' };
    }
  }
  return undefined;
}
