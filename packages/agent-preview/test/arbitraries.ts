import fc from 'fast-check';

/** Characters that stress a JSON string reader: escapes, controls, CJK, emoji (surrogate pairs). */
const interestingUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'z', 'A', '0', ' ', '-', '.', ',', ':', '{', '}', '[', ']') },
  { weight: 3, arbitrary: fc.constantFrom('"', '\\', '/', '\n', '\t', '\r', '\b', '\f', '\u0000', '\u001f', '\u007f', '\u2028') },
  { weight: 3, arbitrary: fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCharCode(code)) },
  { weight: 3, arbitrary: fc.integer({ min: 0x1f300, max: 0x1faff }).map((code) => String.fromCodePoint(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xd7ff }).map((code) => String.fromCharCode(code)) },
);

/** Like {@link interestingUnit}, plus lone surrogates (which JSON.stringify writes as `\udXXX`). */
const unitWithLoneSurrogates = fc.oneof(
  { weight: 10, arbitrary: interestingUnit },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
);

/** Strings with escapes, CJK and emoji; never a lone surrogate. */
export const text = fc.string({ unit: interestingUnit, maxLength: 24 });

/** Strings with escapes, CJK and emoji, and sometimes a lone surrogate. */
export const textWithLoneSurrogates = fc.string({ unit: unitWithLoneSurrogates, maxLength: 24 });

/** JSON values whose strings have escapes, CJK and emoji; never a lone surrogate. */
export const jsonValue = fc.jsonValue({ maxDepth: 4, stringUnit: interestingUnit });

/** JSON values whose strings may also hold lone surrogates. */
export const jsonValueWithLoneSurrogates = fc.jsonValue({ maxDepth: 4, stringUnit: unitWithLoneSurrogates });

/**
 * How a value is written as JSON text: indentation, and whether every non-ASCII character is
 * written as a `\uXXXX` escape (so an emoji becomes a surrogate pair written as two escapes).
 */
export const writing = fc.record({
  indent: fc.constantFrom(undefined, 0, 1, 2, '\t'),
  escapeNonAscii: fc.boolean(),
  upperHex: fc.boolean(),
});

/** Writes `value` as JSON text the way `how` says. */
export function writeJson(value: unknown, how: { indent: string | number | undefined; escapeNonAscii: boolean; upperHex: boolean }): string {
  const json = JSON.stringify(value, null, how.indent);
  if (!how.escapeNonAscii) return json;
  // Outside strings JSON text is ASCII, so every non-ASCII unit is inside a string.
  return json.replace(/[^ -~\n\t\r]/g, (unit) => {
    const hex = unit.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${how.upperHex ? hex.toUpperCase() : hex}`;
  });
}

/** Chunkings of a text of any length, as relative cut points; `'units'` is one UTF-16 unit per chunk. */
export const chunking = fc.oneof(
  fc.constant('units' as const),
  fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }),
);

/** Cuts `textToCut` into chunks as `how` says. */
export function cut(textToCut: string, how: 'units' | readonly number[]): string[] {
  if (how === 'units') return [...Array(textToCut.length).keys()].map((index) => textToCut.charAt(index));
  const points = [...new Set(how.map((fraction) => Math.floor(fraction * textToCut.length)))].sort((left, right) => left - right);
  const chunks: string[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(textToCut.slice(start, point));
    start = point;
  }
  chunks.push(textToCut.slice(start));
  return chunks;
}

/** Whether `value` holds a surrogate code unit that is not half of a pair. */
export function hasLoneSurrogate(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
      return true;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

/** The string values at `paths` (`*`: any array index; omitted: every string) of a parsed document, in document order. */
export function stringsAt(value: unknown, paths?: readonly (readonly string[])[]): string[] {
  const found: string[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (typeof node === 'string') {
      const matches =
        paths === undefined ||
        paths.some(
        (pattern) =>
          pattern.length === path.length &&
          pattern.every((segment, level) => {
            const step = path[level];
            if (step === undefined) return false;
            return typeof step === 'number' ? segment === '*' || segment === String(step) : segment !== '*' && segment === step;
          }),
      );
      if (matches) found.push(node);
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((element, index) => {
        visit(element, [...path, index]);
      });
      return;
    }
    if (typeof node === 'object' && node !== null) {
      for (const [key, member] of Object.entries(node)) visit(member, [...path, key]);
    }
  };
  visit(value, []);
  return found;
}
