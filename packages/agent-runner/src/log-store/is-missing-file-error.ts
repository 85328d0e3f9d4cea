/** True for a file-system error saying the file or directory does not exist (`ENOENT`). */
export function isMissingFileError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}
