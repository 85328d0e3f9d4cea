import { printableText } from '../terminal/printable-text.js';

/** `[field, value]` rows of a JSON value, one per leaf: `bubbles[0]`, `bubbles[1]`, … for arrays. */
export function argumentRows(value: unknown, path = ''): string[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => argumentRows(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => argumentRows(item, path === '' ? key : `${path}.${key}`));
  }
  return [[path, printableText(typeof value === 'string' ? value : JSON.stringify(value))]];
}
