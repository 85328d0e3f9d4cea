import { startEvidenceChain, type EvidenceChain } from './evidence-chain.js';
import { GapList } from './gap-list.js';
import type { EvidenceBudgetName, ReflectionBudget } from './reflection-budget.js';
import type { ReflectionCoverage } from './reflection-coverage.js';
import type { ReflectionPage } from './reflection-page.js';

/** The result of looking a query's cursor up: the chain the page will extend, or `unknown`. */
export type ChainLookup = { readonly chain: EvidenceChain; readonly isNew: boolean } | 'unknown';

const BUDGET_LABELS: Readonly<Record<EvidenceBudgetName, string>> = {
  maxPages: 'maxPages',
  maxEvents: 'maxEvents',
  maxEvidenceChars: 'maxEvidenceChars',
};

/**
 * Tracks what the pages said about coverage — cursor chains, consistency, completeness, gaps —
 * and merges it with the budget into the report's {@link ReflectionCoverage}.
 */
export class CoverageLedger {
  private readonly chains: EvidenceChain[] = [];
  private readonly byLatestCursor = new Map<string, EvidenceChain>();
  private readonly returnedCursors = new Set<string>();
  private readonly gaps = new GapList();
  private snapshotPages = 0;
  private pages = 0;
  private cutPages = 0;

  /**
   * The chain a query with `cursor` extends: a new chain for no cursor; the chain whose last
   * page returned it; a new chain (a fork) for an older cursor of this reflection; `unknown` for
   * a cursor this source never returned in this reflection (refused, never sent to the source).
   */
  lookup(cursor: string | undefined): ChainLookup {
    if (cursor === undefined) return { chain: startEvidenceChain(undefined), isNew: true };
    const latest = this.byLatestCursor.get(cursor);
    if (latest !== undefined) return { chain: latest, isNew: false };
    if (this.returnedCursors.has(cursor)) return { chain: startEvidenceChain(cursor), isNew: true };
    return 'unknown';
  }

  /** Records a checked page read for `lookup`'s chain; `cutItems` is how many item texts were cut. */
  addPage(lookup: Exclude<ChainLookup, 'unknown'>, page: ReflectionPage, pageNumber: number, cutItems: number, maxEvidenceChars: number): void {
    const { chain } = lookup;
    if (lookup.isNew) this.chains.push(chain);
    if (chain.latestCursor !== undefined && this.byLatestCursor.get(chain.latestCursor) === chain) {
      this.byLatestCursor.delete(chain.latestCursor);
    }
    for (const item of page.items) chain.ids.add(item.id);
    chain.latestCursor = page.cursor;
    chain.lastComplete = page.coverage.complete;
    if (page.cursor !== undefined) {
      chain.cursors.add(page.cursor);
      this.returnedCursors.add(page.cursor);
      this.byLatestCursor.set(page.cursor, chain);
    }
    this.pages += 1;
    if (page.coverage.consistency === 'snapshot') this.snapshotPages += 1;
    for (const gap of page.coverage.gaps) this.gaps.add(gap);
    if (cutItems > 0) {
      this.cutPages += 1;
      this.gaps.add(`page ${pageNumber}: the text of ${cutItems} item(s) was cut to fit maxEvidenceChars (${maxEvidenceChars})`);
    }
  }

  /** The merged coverage of the reflection so far. */
  coverage(budget: ReflectionBudget): ReflectionCoverage {
    const gaps = this.gaps.copy();
    for (const [name, count] of budget.refused) {
      gaps.add(`${count} quer${count === 1 ? 'y' : 'ies'} refused: ${BUDGET_LABELS[name]} (${budget.limits[name]}) was used up`);
    }
    const unread = this.chains.filter((chain) => chain.latestCursor !== undefined).length;
    if (unread > 0) gaps.add(`more evidence was available: ${unread} result(s) had a cursor that was not followed`);
    return {
      calls: budget.calls,
      pages: budget.pages,
      events: budget.events,
      evidenceChars: budget.evidenceChars,
      consistency: this.pages > 0 && this.snapshotPages === this.pages ? 'snapshot' : 'best-effort',
      complete: this.complete(budget.refused.size > 0),
      gaps: gaps.list(),
    };
  }

  private complete(refusedForBudget: boolean): boolean | null {
    if (this.pages === 0 || this.cutPages > 0 || refusedForBudget) return false;
    let unknown = false;
    for (const chain of this.chains) {
      if (chain.latestCursor !== undefined || chain.lastComplete === false) return false;
      if (chain.lastComplete === null) unknown = true;
    }
    return unknown ? null : true;
  }
}
