/** The `code` of a Node file-system error (`ENOENT`, `EEXIST`, …), or `undefined` for anything else. */
export function fileSystemErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}
