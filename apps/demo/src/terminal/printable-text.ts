/**
 * Model output made safe to print: control characters (ANSI escape sequences included) are
 * removed and line breaks become spaces. A model's text is data; printed raw, an `ESC[2J` in a
 * reply would clear the person's screen, and a newline would break the live redraw.
 */
export function printableText(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*|\t/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}
