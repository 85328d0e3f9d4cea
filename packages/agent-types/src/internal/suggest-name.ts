/**
 * The name in `known` closest to `name` by edit distance (letter case ignored, a swap of two
 * neighbours counting as one edit), when it is close enough to be a likely typo: at most one edit
 * for names of up to four characters, two up to eight, three beyond. `undefined` otherwise.
 */
export function suggestName(name: string, known: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  const allowed = wanted.length <= 4 ? 1 : wanted.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance of `a` and `b`, or `stop` once it is sure to be at least that. */
function editDistance(a: string, b: string, stop: number): number {
  if (Math.abs(a.length - b.length) >= stop) return stop;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, (before[j - 2] as number) + 1);
      current.push(distance);
      if (distance < rowBest) rowBest = distance;
    }
    if (rowBest >= stop) return stop;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}
