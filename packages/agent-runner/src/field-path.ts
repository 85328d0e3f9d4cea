/**
 * Appends a JSON pointer (`/messages/0/content`) to a field name in the dotted form used in
 * error messages and `details.field`: `input.messages[0].content`.
 */
export function fieldPath(base: string, pointer: string): string {
  if (pointer === '') return base;
  let path = base;
  for (const segment of pointer.slice(1).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^(0|[1-9]\d*)$/.test(key) ? `[${key}]` : `.${key}`;
  }
  return path;
}
