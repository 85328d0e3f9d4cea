import type { JsonObject } from '@jangts/agent-types';

/** The budget a query can run out of. */
export type EvidenceBudgetName = 'maxPages' | 'maxEvents' | 'maxEvidenceChars';

/** The budgets of one reflection and what has been used of them. */
export interface ReflectionLimits {
  readonly maxCalls: number;
  readonly reserveCalls: number;
  readonly maxPages: number;
  readonly maxEvents: number;
  readonly maxEvidenceChars: number;
}

/**
 * Counts model calls, pages, events and evidence characters against the reflection's limits.
 * Nothing here ever lets a counter pass its limit: queries are refused once a limit is reached,
 * `limit` is clamped to the events left, and text is cut to the characters left.
 */
export class ReflectionBudget {
  calls = 0;
  pages = 0;
  events = 0;
  evidenceChars = 0;
  private readonly refusals = new Map<EvidenceBudgetName, number>();

  constructor(readonly limits: ReflectionLimits) {}

  /** Whether model call number `call` (1-based) is one of the reserved calls. */
  isReserved(call: number): boolean {
    return call > this.limits.maxCalls - this.limits.reserveCalls;
  }

  /** The first evidence budget already used up (a query now would be refused), if any. */
  exhausted(): EvidenceBudgetName | undefined {
    if (this.pages >= this.limits.maxPages) return 'maxPages';
    if (this.events >= this.limits.maxEvents) return 'maxEvents';
    if (this.evidenceChars >= this.limits.maxEvidenceChars) return 'maxEvidenceChars';
    return undefined;
  }

  /** Notes a query refused because `budget` was used up (reported as a coverage gap). */
  refuse(budget: EvidenceBudgetName): void {
    this.refusals.set(budget, (this.refusals.get(budget) ?? 0) + 1);
  }

  /** Queries refused for budget, by budget. */
  get refused(): ReadonlyMap<EvidenceBudgetName, number> {
    return this.refusals;
  }

  /**
   * The limit actually sent to the source: the model's number rounded down, raised to 1 when it
   * is below 1, lowered to the events left when above.
   */
  clampLimit(requested: number): number {
    const whole = Number.isFinite(requested) ? Math.floor(requested) : this.eventsLeft;
    return Math.min(Math.max(1, whole), this.eventsLeft);
  }

  get eventsLeft(): number {
    return this.limits.maxEvents - this.events;
  }

  get evidenceCharsLeft(): number {
    return this.limits.maxEvidenceChars - this.evidenceChars;
  }

  /** What is left, as told to the model with every tool result. */
  remaining(): JsonObject {
    return {
      callsLeft: this.limits.maxCalls - this.calls,
      queryCallsLeft: Math.max(0, this.limits.maxCalls - this.limits.reserveCalls - this.calls),
      pagesLeft: this.limits.maxPages - this.pages,
      eventsLeft: this.eventsLeft,
      evidenceCharsLeft: this.evidenceCharsLeft,
    };
  }
}
