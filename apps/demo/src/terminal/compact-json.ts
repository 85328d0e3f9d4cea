import { fitToWidth } from './display-width.js';
import { printableText } from './printable-text.js';

/** A JSON value on one printable line of at most `width` cells (cut with `…`). */
export function compactJson(value: unknown, width = 100): string {
  return fitToWidth(printableText(JSON.stringify(value) ?? String(value)), width);
}
