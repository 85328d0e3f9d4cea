/** Most gaps a report lists; past it one last entry says how many more there were. */
export const MAX_REPORTED_GAPS = 100;

/** An ordered list of distinct gap descriptions, capped at {@link MAX_REPORTED_GAPS}. */
export class GapList {
  private readonly gaps = new Set<string>();
  private dropped = 0;

  add(gap: string): void {
    if (this.gaps.has(gap)) return;
    if (this.gaps.size >= MAX_REPORTED_GAPS - 1) this.dropped += 1;
    else this.gaps.add(gap);
  }

  /** An independent copy, the count of gaps not listed included. */
  copy(): GapList {
    const copy = new GapList();
    for (const gap of this.gaps) copy.gaps.add(gap);
    copy.dropped = this.dropped;
    return copy;
  }

  /** The gaps, in order of first report, the overflow note last. */
  list(): string[] {
    const listed = [...this.gaps];
    if (this.dropped > 0) listed.push(`${this.dropped} more gap(s) not listed`);
    return listed;
  }
}
