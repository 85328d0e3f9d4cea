/**
 * One cursor chain: the pages read by following cursors from one query without a cursor (or
 * from an older cursor, which forks a new chain). Ids and cursors must not repeat within it.
 */
export interface EvidenceChain {
  /** Evidence ids returned by the chain's pages. */
  readonly ids: Set<string>;
  /** Cursors the chain was queried with or returned. */
  readonly cursors: Set<string>;
  /** Cursor of the chain's last page; `undefined` when it reached the end of the source. */
  latestCursor: string | undefined;
  /** What the chain's last page said about completeness. */
  lastComplete: boolean | null;
}

/** A new chain, started by a query with `cursor` (or none). */
export function startEvidenceChain(cursor: string | undefined): EvidenceChain {
  return { ids: new Set(), cursors: new Set(cursor === undefined ? [] : [cursor]), latestCursor: undefined, lastComplete: null };
}
