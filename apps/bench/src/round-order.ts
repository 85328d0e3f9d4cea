/**
 * The order in which round `round` runs `count` subjects: a Williams design. Over `count` rounds
 * (twice as many when `count` is odd) every subject runs right after every other one equally
 * often. A plain rotation keeps each subject right after the same one, which then charges it with
 * what that one leaves behind (its garbage, the collector's sizing): measured, a few per cent
 * either way, enough to show a change that costs nothing as a regression.
 */
export function roundOrder(count: number, round: number): number[] {
  const cycle = count % 2 === 0 ? count : 2 * count;
  const row = round % cycle;
  const order: number[] = [];
  for (let position = 0; position < count; position++) {
    // 0, 1, count - 1, 2, count - 2, …: each difference between neighbours occurs once.
    const first = position % 2 === 1 ? (position + 1) / 2 : (count - position / 2) % count;
    order.push((first + row) % count);
  }
  return row < count ? order : order.reverse();
}
