import type { ReflectionCitedEvidence } from './reflection-report.js';
import type { ReflectionEvidence } from './reflection-evidence.js';

/**
 * Every evidence item returned in a reflection, by id, with the model call that first returned
 * it — what a report may cite.
 */
export class EvidenceLedger {
  private readonly items = new Map<string, { item: ReflectionEvidence; call: number }>();

  constructor(private readonly sourceId: string) {}

  /** Records `item` as returned by model call `call`; a later copy replaces the item, not the call. */
  add(item: ReflectionEvidence, call: number): void {
    const known = this.items.get(item.id);
    this.items.set(item.id, { item, call: known?.call ?? call });
  }

  /** Whether `id` was returned by a call before `call` (so the model has read it). */
  readBefore(id: string, call: number): boolean {
    const known = this.items.get(id);
    return known !== undefined && known.call < call;
  }

  /** The cited items, each once, in order of first citation, with the source id. */
  cited(ids: Iterable<string>): ReflectionCitedEvidence[] {
    const cited: ReflectionCitedEvidence[] = [];
    const seen = new Set<string>();
    for (const id of ids) {
      const known = this.items.get(id);
      if (known === undefined || seen.has(id)) continue;
      seen.add(id);
      cited.push({ ...known.item, sourceId: this.sourceId });
    }
    return cited;
  }
}
