import { createListeningJsonReader, type JsonPathSegment } from './partial-json-reader.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';
import { DEFAULT_REPLY_PREVIEW_PATHS } from './default-reply-preview-paths.js';

/** The preview of one tool call (one proposal): its bubbles, in stream order, and whether it may be shown. */
export interface ProposalPreview {
  /** The strings found at the rule's paths so far, partial ones included. */
  readonly bubbles: readonly string[];
  /** True once the proposal may be shown (at once when the rule has no `when`). */
  readonly eligible: boolean;
  /**
   * Reads the next piece of the arguments. Returns the index of the first bubble that changed or
   * was added (`-1` when none did, or while the proposal is not eligible), or `-2` when the
   * proposal just became eligible.
   */
  write(argsDelta: string): number;
}

function isWhenPath(path: readonly JsonPathSegment[], whenPath: readonly string[]): boolean {
  if (path.length !== whenPath.length) return false;
  for (let level = 0; level < path.length; level++) {
    if (String(path[level]) !== whenPath[level]) return false;
  }
  return true;
}

/**
 * Creates the preview of one proposal under `rule`. Malformed arguments stop it quietly: what was
 * read before stays, nothing more is added. A `when` field that completes with a value outside
 * `values` makes the proposal ineligible for good, and its reading stops.
 */
export function createProposalPreview(rule: ReplyPreviewRule): ProposalPreview {
  const displayPaths = rule.paths ?? DEFAULT_REPLY_PREVIEW_PATHS;
  const when = rule.when;
  const displayCount = displayPaths.length;
  const bubbles: string[] = [];
  /** Reader string id → bubble index, for the string being read (ids only grow). */
  let currentId = -1;
  let currentBubble = -1;
  let display = false;
  let whenId = -1;
  let decided = when === undefined;
  let eligible = when === undefined;
  let stopped = false;
  // What the write in progress did: the first bubble it changed, and whether it decided `when`.
  let changedFrom = -1;
  let becameEligible = false;

  // Called by the reader for each state of a reported string, in stream order.
  function onString(id: number, pathIndex: number, value: string, complete: boolean): void {
    if (stopped) return;
    if (id !== currentId) {
      currentId = id;
      display = pathIndex < displayCount;
      currentBubble = -1;
      if (when !== undefined && !decided && whenId === -1 && (pathIndex === displayCount || isWhenPath(reader.stringPath, when.path))) whenId = id;
    }
    // A bubble appears once its string has text or is complete.
    if (display && (value !== '' || complete)) {
      if (currentBubble === -1) {
        currentBubble = bubbles.length;
        bubbles.push(value);
        if (changedFrom === -1) changedFrom = currentBubble;
      } else if (bubbles[currentBubble] !== value) {
        bubbles[currentBubble] = value;
        if (changedFrom === -1) changedFrom = currentBubble;
      }
    }
    if (when !== undefined && id === whenId && complete && !decided) {
      decided = true;
      eligible = when.values.includes(value);
      // Ineligible for good: the rest of this write and every later one is ignored.
      if (!eligible) stopped = true;
      else becameEligible = true;
    }
  }

  const reader = createListeningJsonReader(when === undefined ? displayPaths : [...displayPaths, when.path], onString);

  return {
    bubbles,
    get eligible() {
      return eligible;
    },
    write(argsDelta) {
      if (stopped) return -1;
      changedFrom = -1;
      becameEligible = false;
      reader.write(argsDelta);
      if (stopped) return -1;
      if (reader.status !== 'partial') stopped = true;
      if (becameEligible) return -2;
      return eligible ? changedFrom : -1;
    },
  };
}
