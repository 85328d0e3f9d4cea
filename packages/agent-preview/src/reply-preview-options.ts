import type { MaybePromise } from '@jangts/agent-types';
import { parseWith, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { ReplyPreviewCoalesce } from './coalescing-schedule.js';
import { shadowedRuleIssue } from './reply-preview-checks.js';
import { readReplyPreviewOptions } from './reply-preview-options-reader.js';
import { ReplyPreviewRuleSchema, type ReplyPreviewRule } from './reply-preview-rule.js';

/** What changed since the sink's previous call. */
export interface ReplyPreviewChange {
  /**
   * The index of the first bubble that may differ from the list the sink was handed last: the
   * bubbles before it are unchanged (the same strings); from it on, each bubble grew, was cut or
   * replaced, or is new, and the list may also be shorter than before. `0` for the first call
   * of a stage whose list has nothing in common with the one the sink holds, and for the `[]` of
   * a failed stage. A sink that re-renders from `from` on keeps the whole preview linear.
   */
  readonly from: number;
}

/**
 * Receives the transient bubbles to show each time they change (never a list equal to the one
 * it was handed last, but for the `[]` of a failed stage), and what changed.
 *
 * `bubbles` is a fresh array at every call, the sink's to keep. With `live: true` it is instead the
 * preview's own live list of the stage: the same array at every call of a stage, updated in place
 * as the stage streams (its elements are immutable strings) — read it during the call, copy it to
 * keep it, do not change it. The sink may be async; it is never called concurrently, and calls
 * follow output order.
 */
export type ReplyPreviewSink = (bubbles: readonly string[], change: ReplyPreviewChange) => MaybePromise<void>;

/** Options of {@link createReplyPreview}. */
export interface ReplyPreviewOptions {
  /** The projection rules, at least one; the first rule matching a stage (or a tool of it) applies. */
  readonly rules: readonly ReplyPreviewRule[];
  /** Receives the bubbles whenever they change. */
  readonly sink: ReplyPreviewSink;
  /** Cap on the total characters (UTF-16 code units) across the bubbles of a stage: a positive safe integer. */
  readonly maxChars?: number | undefined;
  /**
   * Coalesce sink calls in time, for a UI: `'frame'` calls the sink at most once per animation
   * frame (`requestAnimationFrame` where the runtime has it, else every 16 ms), `{ intervalMs }`
   * at most once per interval, with the latest list; a stage's end (and a failed stage's `[]`)
   * is handed over at once. Omitted: a synchronous sink is called inside each `write` that
   * changed the bubbles, an async one once per batch (the changes made while its previous call
   * was in flight).
   */
  readonly coalesce?: ReplyPreviewCoalesce | undefined;
  /**
   * Hand the sink (and {@link ReplyPreview.bubbles}) the preview's live list, updated in place,
   * instead of a copy per call: for a UI that renders from `change.from` on, this keeps the whole
   * preview linear in the streamed length however many bubbles a reply has (a copy per call costs
   * O(bubbles) each). Default `false`: every call gets its own array.
   */
  readonly live?: boolean | undefined;
}

/** The longest delay a timer takes (2^31 − 1 ms). */
const MAX_TIMER_MS = 2_147_483_647;

/** `Number.MAX_SAFE_INTEGER`, as a literal (a bundler may drop the unused schema then: reading a global is not pure to it). */
const MAX_SAFE_INTEGER = 9_007_199_254_740_991;

/**
 * Schema of {@link ReplyPreviewOptions}: at least one {@link ReplyPreviewRuleSchema | rule},
 * none of them shadowed by an earlier one (the first rule matching a stage or tool applies, so a
 * rule after one with the same `toolId`, or both without, and the same or no `stageId` could
 * never apply); a sink function; `maxChars` a positive safe integer; `coalesce` `'frame'` or
 * `{ intervalMs }` (an integer from 0 to 2,147,483,647, the longest timer); `live` a boolean.
 * Unknown fields are refused.
 */
export const ReplyPreviewOptionsSchema = /* @__PURE__ */ rule(
  /* @__PURE__ */ Type.Object(
    {
      rules: /* @__PURE__ */ Type.Array(ReplyPreviewRuleSchema, { minItems: 1 }),
      sink: /* @__PURE__ */ Type.Unsafe<ReplyPreviewSink>(/* @__PURE__ */ Type.Function([/* @__PURE__ */ Type.Array(/* @__PURE__ */ Type.String()), /* @__PURE__ */ Type.Object({ from: /* @__PURE__ */ Type.Integer() })], /* @__PURE__ */ Type.Unknown())),
      maxChars: /* @__PURE__ */ Type.Optional(/* @__PURE__ */ Type.Integer({ minimum: 1, maximum: MAX_SAFE_INTEGER })),
      coalesce: /* @__PURE__ */ Type.Optional(
        /* @__PURE__ */ Type.Union([/* @__PURE__ */ Type.Literal('frame'), /* @__PURE__ */ Type.Object({ intervalMs: /* @__PURE__ */ Type.Integer({ minimum: 0, maximum: MAX_TIMER_MS }) }, { additionalProperties: false })]),
      ),
      live: /* @__PURE__ */ Type.Optional(/* @__PURE__ */ Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  shadowedRuleIssue,
);

// The door reads with the reader generated from ReplyPreviewOptionsSchema (the same reader
// `parser` would compile from it), so that a bundle of createReplyPreview holds neither the schema
// nor the compiler: see reply-preview-options-reader.ts.
const parse = parseWith(readReplyPreviewOptions, { subject: 'createReplyPreview options', code: 'CONFIG_INVALID', name: 'options' });

/** Reads the options of {@link createReplyPreview} once into a checked copy, or throws `CONFIG_INVALID` naming the field. */
export function parseReplyPreviewOptions(value: unknown): ReplyPreviewOptions {
  return parse(value) as ReplyPreviewOptions;
}
