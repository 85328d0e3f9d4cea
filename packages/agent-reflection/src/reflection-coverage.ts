import * as Type from '@jangts/agent-types/internal/type';

/**
 * What a reflection read and how much of the source that covers: the budgets used, merged with
 * what the pages said about themselves.
 */
export interface ReflectionCoverage {
  /** Model calls made (at most `maxCalls`). */
  readonly calls: number;
  /** Pages read from the source (at most `maxPages`). */
  readonly pages: number;
  /** Evidence items received (at most `maxEvents`). */
  readonly events: number;
  /** Characters of evidence text sent to the model (at most `maxEvidenceChars`). */
  readonly evidenceChars: number;
  /** `snapshot` only when at least one page was read and every page said `snapshot`. */
  readonly consistency: 'best-effort' | 'snapshot';
  /**
   * `true` only when every cursor chain was read to its end and its last page said complete,
   * and nothing was cut or refused for budget; `false` when nothing was read, a page said
   * `false`, a cursor was left unfollowed, a text was cut or a query refused for budget; `null`
   * when otherwise a last page could not tell.
   */
  readonly complete: boolean | null;
  /** The pages' gaps, then the budget's (cut texts, refused queries, unread continuations); at most 100. */
  readonly gaps: readonly string[];
}

/** Schema of {@link ReflectionCoverage}. */
export const ReflectionCoverageSchema = Type.Object({
  calls: Type.Integer({ minimum: 0 }),
  pages: Type.Integer({ minimum: 0 }),
  events: Type.Integer({ minimum: 0 }),
  evidenceChars: Type.Integer({ minimum: 0 }),
  consistency: Type.Union([Type.Literal('best-effort'), Type.Literal('snapshot')]),
  complete: Type.Union([Type.Boolean(), Type.Null()]),
  gaps: Type.Array(Type.String()),
});
