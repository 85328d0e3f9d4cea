import type { BubbleView } from './bubble-view.js';
import { DEFAULT_REPLY_PREVIEW_PATHS } from './default-reply-preview-paths.js';
import { compilePatterns, IncrementalJsonReader, type CompiledPattern, type JsonStringListener } from '@jangts/agent-types/internal/json-reader';
import type { JsonPathSegment } from './json-path-pattern.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

/** The compiled patterns of each rule — its shown paths, then its `when` path — made once per rule, not per call. */
const compiledPatterns = new WeakMap<ReplyPreviewRule, CompiledPattern[]>();

function patternsOf(rule: ReplyPreviewRule): CompiledPattern[] {
  let patterns = compiledPatterns.get(rule);
  if (patterns === undefined) {
    const shown = rule.paths ?? DEFAULT_REPLY_PREVIEW_PATHS;
    patterns = compilePatterns(rule.when === undefined ? shown : [...shown, rule.when.path]);
    compiledPatterns.set(rule, patterns);
  }
  return patterns;
}

function isWhenPath(path: readonly JsonPathSegment[], whenPath: readonly string[]): boolean {
  if (path.length !== whenPath.length) return false;
  for (let level = 0; level < path.length; level++) {
    if (String(path[level]) !== whenPath[level]) return false;
  }
  return true;
}

/** Nothing shown changed ({@link ProposalPreview.write}). */
export const UNCHANGED = 0;
/** The proposal showed its changes in the view it is attached to. */
export const SHOWN = 1;
/** The proposal became eligible, or changed while not attached: the stage must rebuild its view. */
export const REBUILD = 2;
/** What a {@link ProposalPreview.write} did to what the stage shows. */
export type ProposalChange = typeof UNCHANGED | typeof SHOWN | typeof REBUILD;

/**
 * The preview of one tool call (one proposal) under a rule: its bubbles, in stream order, and
 * whether it may be shown. Malformed arguments stop it quietly: what was read before stays,
 * nothing more is added. A `when` field that completes with a value outside `values` makes the
 * proposal ineligible for good, and its reading stops.
 *
 * It listens to its reader directly (no patches). While it is the last proposal shown, the stage
 * attaches it to the view (at the offset of its first bubble): its changes then go straight to
 * the view.
 */
export class ProposalPreview implements JsonStringListener {
  /** The strings found at the rule's paths so far, partial ones included. */
  readonly bubbles: string[] = [];
  readonly #reader: IncrementalJsonReader;
  readonly #when: ReplyPreviewRule['when'];
  readonly #displayCount: number;
  #view: BubbleView | undefined;
  #viewOffset = 0;
  /** Reader string id → bubble index, for the string being read (ids only grow). */
  #currentId = -1;
  #currentBubble = -1;
  #display = false;
  #whenId = -1;
  #decided: boolean;
  #mayShow: boolean;
  #stopped = false;
  /** What the write in progress did. */
  #change: ProposalChange = UNCHANGED;

  constructor(rule: ReplyPreviewRule) {
    const displayPaths = rule.paths ?? DEFAULT_REPLY_PREVIEW_PATHS;
    this.#when = rule.when;
    this.#displayCount = displayPaths.length;
    this.#decided = rule.when === undefined;
    this.#mayShow = rule.when === undefined;
    // Without `when`, no other value matters: the reader is not asked to report them.
    this.#reader = new IncrementalJsonReader(patternsOf(rule), this, rule.when !== undefined);
  }

  /** True once the proposal may be shown (at once when the rule has no `when`). */
  get eligible(): boolean {
    return this.#mayShow;
  }

  /** Shows later changes in `view` from bubble `offset` on (`undefined`: the proposal is not the last one shown). */
  attach(view: BubbleView | undefined, offset: number): void {
    this.#view = view;
    this.#viewOffset = offset;
  }

  /** Reads the next piece of the arguments. */
  write(argsDelta: string): ProposalChange {
    if (this.#stopped) return UNCHANGED;
    this.#change = UNCHANGED;
    this.#reader.write(argsDelta);
    if (this.#reader.status !== 'partial') this.#stopped = true;
    return this.#change;
  }

  /**
   * A value that is not a string began at a requested path: if it is the `when` field (the first
   * one decides; it may also be a shown path, which then comes first among the matching ones),
   * the proposal is ineligible for good.
   */
  otherValue(pathIndex: number, path: readonly JsonPathSegment[]): void {
    if (this.#decided || this.#stopped) return;
    if (pathIndex !== this.#displayCount && !isWhenPath(path, (this.#when as NonNullable<ReplyPreviewRule['when']>).path)) return;
    this.#decided = true;
    this.#mayShow = false;
    this.#stopped = true;
  }

  /** Takes one state of a reported string, in stream order. */
  string(id: number, pathIndex: number, path: readonly JsonPathSegment[], value: string, complete: boolean): void {
    if (this.#stopped) return;
    const when = this.#when;
    if (id !== this.#currentId) {
      this.#currentId = id;
      this.#display = pathIndex < this.#displayCount;
      this.#currentBubble = -1;
      if (when !== undefined && !this.#decided && this.#whenId === -1 && (pathIndex === this.#displayCount || isWhenPath(path, when.path))) {
        this.#whenId = id;
      }
    }
    // A bubble appears once its string has text or is complete.
    if (this.#display && (value !== '' || complete)) {
      const bubbles = this.bubbles;
      let index = this.#currentBubble;
      if (index === -1) {
        index = bubbles.length;
        this.#currentBubble = index;
        bubbles.push(value);
        this.#changed(index, value);
      } else if (bubbles[index] !== value) {
        bubbles[index] = value;
        this.#changed(index, value);
      }
    }
    if (when !== undefined && id === this.#whenId && complete && !this.#decided) {
      this.#decided = true;
      this.#mayShow = when.values.includes(value);
      // Eligible: the stage shows every bubble collected so far. Ineligible for good: the rest
      // of this write and every later one is ignored, and nothing is shown.
      if (this.#mayShow) this.#change = REBUILD;
      else this.#stopped = true;
    }
  }

  #changed(index: number, value: string): void {
    if (!this.#mayShow || this.#change === REBUILD) return;
    const view = this.#view;
    if (view === undefined) this.#change = REBUILD;
    else if (view.set(this.#viewOffset + index, value)) this.#change = SHOWN;
  }
}
