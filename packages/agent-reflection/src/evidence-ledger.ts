import type { ReflectionCitedEvidence } from './reflection-report.js';
import type { ReflectionEvidence } from './reflection-evidence.js';

/**
 * Every evidence item returned in a reflection, by id, with the model call that first returned
 * it and the one that first showed the model its text — what a report may cite.
 */
export class EvidenceLedger {
  private readonly items = new Map<string, { item: ReflectionEvidence; call: number; readCall: number | undefined }>();

  constructor(private readonly sourceId: string) {}

  /**
   * Records `item` as returned by model call `call`, `read` when the model was shown its text (not
   * when the evidence character budget cut all of it away); a later copy replaces the item, not
   * the calls.
   */
  add(item: ReflectionEvidence, call: number, read: boolean): void {
    const known = this.items.get(item.id);
    this.items.set(item.id, { item, call: known?.call ?? call, readCall: known?.readCall ?? (read ? call : undefined) });
  }

  /** Whether `id` was returned, its text shown, by a call before `call` (so the model has read it). */
  readBefore(id: string, call: number): boolean {
    const known = this.items.get(id);
    return known?.readCall !== undefined && known.readCall < call;
  }

  /** Whether `id` was returned by a call before `call` with none of its text shown (the budget was used up). */
  unreadBefore(id: string, call: number): boolean {
    const known = this.items.get(id);
    return known !== undefined && known.call < call && !this.readBefore(id, call);
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
