/** `1 tool call`, `2 tool calls`: a count with its noun in the right number (`plural` defaults to `singular` + `s`). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
