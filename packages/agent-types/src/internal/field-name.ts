/** The longest field name given in messages and `details.field`; longer ones end in `…`. */
const MAX_FIELD_CHARS = 256;
/** A property name longer than this (foreign text: a model's or a caller's key) is cut in a field name. */
const MAX_KEY_CHARS = 60;

/**
 * A path as a field name: `retry.attempts`, `input[0].content`. The empty path is `name`; a path
 * that starts with a list index, or any path when `qualify` is set, starts with `name`
 * (`fragments[2].id`, `fragment.id`). The empty key is `[""]`, so that no field name is empty.
 */
export function fieldName(name: string, path: readonly (string | number)[], qualify = false): string {
  let field = path.length === 0 || qualify || typeof path[0] === 'number' ? name : '';
  for (const part of path) {
    if (typeof part === 'number') field += `[${part}]`;
    else if (part === '') field += '[""]';
    else {
      const key = part.length > MAX_KEY_CHARS ? `${part.slice(0, MAX_KEY_CHARS)}…` : part;
      field += field === '' ? key : `.${key}`;
    }
    if (field.length > MAX_FIELD_CHARS) return `${field.slice(0, MAX_FIELD_CHARS)}…`;
  }
  return field;
}

/** The longest JSON pointer given in `details.path`; longer ones end in `…`. */
const MAX_POINTER_CHARS = 512;

/** A path as a JSON pointer (RFC 6901): `/retry/attempts`, `/input/0/content`; `''` for the input itself. */
export function pointerOf(path: readonly (string | number)[]): string {
  let pointer = '';
  for (const part of path) {
    pointer += `/${typeof part === 'number' ? part : part.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (pointer.length > MAX_POINTER_CHARS) return `${pointer.slice(0, MAX_POINTER_CHARS)}…`;
  }
  return pointer;
}
