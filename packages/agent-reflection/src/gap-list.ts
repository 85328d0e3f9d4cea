/** Most gaps a report lists; past it one last entry says how many more there were. */
export const MAX_REPORTED_GAPS = 100;

/**
 * An ordered list of distinct gap descriptions: up to {@link MAX_REPORTED_GAPS} are listed; past
 * that, the first 99 and a last entry counting the distinct others.
 */
export class GapList {
  /** The first {@link MAX_REPORTED_GAPS} distinct gaps, in order of first report. */
  private readonly gaps = new Set<string>();
  /** The distinct gaps past them (only counted: a repeat is not another gap). */
  private readonly dropped = new Set<string>();

  add(gap: string): void {
    if (this.gaps.has(gap)) return;
    if (this.gaps.size < MAX_REPORTED_GAPS) this.gaps.add(gap);
    else this.dropped.add(gap);
  }

  /** An independent copy, the count of gaps not listed included. */
  copy(): GapList {
    const copy = new GapList();
    for (const gap of this.gaps) copy.gaps.add(gap);
    for (const gap of this.dropped) copy.dropped.add(gap);
    return copy;
  }

  /** The gaps, in order of first report; past {@link MAX_REPORTED_GAPS}, the overflow note last. */
  list(): string[] {
    const listed = [...this.gaps];
    if (this.dropped.size === 0) return listed;
    const more = listed.length - (MAX_REPORTED_GAPS - 1) + this.dropped.size;
    return [...listed.slice(0, MAX_REPORTED_GAPS - 1), `${more} more gap(s) not listed`];
  }
}
