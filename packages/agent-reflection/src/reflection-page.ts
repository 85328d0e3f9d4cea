import type { ReflectionEvidence } from './reflection-evidence.js';

/** What one page tells about its own coverage of the source. */
export interface ReflectionPageCoverage {
  /** `snapshot`: the pages of one cursor chain come from one consistent view; `best-effort`: they may not. */
  readonly consistency: 'best-effort' | 'snapshot';
  /** True when nothing in scope was left out up to the end of the source; `null` when the source cannot tell. */
  readonly complete: boolean | null;
  /** What could not be read, described for a person. */
  readonly gaps: readonly string[];
}

/**
 * One page a {@link ReflectionSource} returns. The reflection validates every page: its shape
 * (`ReflectionPageSchema`), at most `limit` items, ids unique within the page and across the
 * pages of one cursor chain, and a cursor never seen before in that chain; any breach aborts the
 * reflection with `PAGE_INVALID`.
 */
export interface ReflectionPage {
  /** Items in source order. */
  readonly items: readonly ReflectionEvidence[];
  /** Continuation cursor; absent when the source has no further items. */
  readonly cursor?: string | undefined;
  readonly coverage: ReflectionPageCoverage;
}
