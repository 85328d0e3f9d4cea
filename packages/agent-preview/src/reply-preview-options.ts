import type { MaybePromise } from '@jangts/agent-types';
import { parser, rule } from '@jangts/agent-types/internal';
import * as Type from 'typebox';
import { ReplyPreviewRuleSchema, type ReplyPreviewRule } from './reply-preview-rule.js';

/**
 * Receives the transient bubbles to show: the complete list each time it changes (never a list
 * equal to the one it was handed last, but for the `[]` of a failed stage), as a fresh array the
 * sink may keep. It may be async; it is never called concurrently.
 */
export type ReplyPreviewSink = (bubbles: readonly string[]) => MaybePromise<void>;

/** Options of {@link createReplyPreview}. */
export interface ReplyPreviewOptions {
  /** The projection rules, at least one; the first rule matching a stage (or a tool of it) applies. */
  readonly rules: readonly ReplyPreviewRule[];
  /** Receives the bubbles whenever they change. */
  readonly sink: ReplyPreviewSink;
  /** Cap on the total characters (UTF-16 code units) across the bubbles of a stage: a positive safe integer. */
  readonly maxChars?: number | undefined;
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

/**
 * Schema of {@link ReplyPreviewOptions}: at least one {@link ReplyPreviewRuleSchema | rule},
 * none of them shadowed by an earlier one (the first rule matching a stage or tool applies, so a
 * rule after one with the same `toolId`, or both without, and the same or no `stageId` could
 * never apply); a sink function; `maxChars` a positive safe integer. Unknown fields are refused.
 */
export const ReplyPreviewOptionsSchema = rule(
  Type.Object(
    {
      rules: Type.Array(ReplyPreviewRuleSchema, { minItems: 1 }),
      sink: Type.Unsafe<ReplyPreviewSink>(Type.Function([Type.Array(Type.String())], Type.Unknown())),
      maxChars: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    },
    { additionalProperties: false },
  ),
  ({ rules }) => {
    const first = new Map<string, number>();
    for (let index = 0; index < rules.length; index++) {
      const earlier = shadowingRule(rules, index, first);
      if (earlier !== -1) {
        return { path: ['rules', index], rule: 'shadowed', problem: `can never match: rules[${earlier}] comes first and matches every stage and tool it does`, expected: 'specific rules (stageId set) before general ones' };
      }
    }
    return undefined;
  },
);

const options = parser(ReplyPreviewOptionsSchema, { subject: 'createReplyPreview options', code: 'CONFIG_INVALID', name: 'options' });

/** Reads the options of {@link createReplyPreview} once into a checked copy, or throws `CONFIG_INVALID` naming the field. */
export function parseReplyPreviewOptions(value: unknown): ReplyPreviewOptions {
  return options.parse(value);
}
