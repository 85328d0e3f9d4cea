/* JSON pointer tokens (RFC 6901), for the paths of issues and of values that are not JSON. */

/** `key` as one token of a JSON pointer: `~` and `/` escaped (`a/b` → `a~1b`). */
export function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The keys a JSON pointer names, unescaped: `/a~1b/0` → `['a/b', '0']`; a schema pointer's leading `#` is dropped. */
export function pointerKeys(pointer: string): string[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}
