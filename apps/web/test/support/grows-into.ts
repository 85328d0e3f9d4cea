/**
 * Whether the bubbles `later` grew out of `earlier` as a stream would grow them: every bubble of
 * `earlier` but the last is unchanged, the last one is a prefix of its successor, and new bubbles
 * only come after it.
 */
export function growsInto(earlier: readonly string[], later: readonly string[]): boolean {
  if (earlier.length > later.length) return false;
  return earlier.every((bubble, index) => (index === earlier.length - 1 ? later[index]!.startsWith(bubble) : later[index] === bubble));
}
