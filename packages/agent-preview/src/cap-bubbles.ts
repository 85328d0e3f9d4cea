/** Bubbles cut to a character budget, and whether the budget is used up. */
export interface CappedBubbles {
  readonly bubbles: string[];
  /** True when a bubble was cut or the budget reached zero: nothing further can be shown. */
  readonly full: boolean;
}

/**
 * Where to cut `bubble`, longer than `remaining` code units, to fit them: at `remaining`, or one
 * unit earlier when the cut would split a surrogate pair (a lone surrogate is kept like any unit).
 */
export function budgetCut(bubble: string, remaining: number): number {
  const last = bubble.charCodeAt(remaining - 1);
  const next = bubble.charCodeAt(remaining);
  return last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? remaining - 1 : remaining;
}

/**
 * Keeps the bubbles whose total length (UTF-16 code units) fits `maxChars`: the bubble that
 * crosses the budget is cut — one unit shorter when the cut would split a surrogate pair — and
 * the bubbles after it are dropped.
 */
export function capBubbles(bubbles: readonly string[], maxChars: number): CappedBubbles {
  const kept: string[] = [];
  let remaining = maxChars;
  for (const bubble of bubbles) {
    if (remaining === 0) return { bubbles: kept, full: true };
    if (bubble.length <= remaining) {
      kept.push(bubble);
      remaining -= bubble.length;
      continue;
    }
    const cut = budgetCut(bubble, remaining);
    if (cut > 0) kept.push(bubble.slice(0, cut));
    return { bubbles: kept, full: true };
  }
  return { bubbles: kept, full: remaining === 0 };
}
