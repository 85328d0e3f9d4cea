/**
 * The `RangeError` this JavaScript engine raises for a string of `length` characters, or
 * `undefined` when it can hold one that long (about 2²⁹ characters in V8, 2³⁰ in SpiderMonkey).
 *
 * Asks the engine itself, without building such a string: the probe is a rope (`piece + piece`,
 * doubled), which engines keep as a tree of the two halves, so it costs a few dozen
 * concatenations and no character storage, and fails exactly where the engine's limit is.
 */
export function engineStringLengthError(length: number): RangeError | undefined {
  if (!Number.isSafeInteger(length) || length < 0) return new RangeError('Invalid string length');
  try {
    const pieces = ['x'];
    let piece = 'x';
    while (piece.length * 2 <= length) {
      piece += piece;
      pieces.push(piece);
    }
    let text = '';
    for (let index = pieces.length - 1; index >= 0 && text.length < length; index -= 1) {
      const next = pieces[index] as string;
      if (text.length + next.length <= length) text += next;
    }
    return text.length === length ? undefined : new RangeError('Invalid string length');
  } catch (error) {
    // V8 and JavaScriptCore raise a RangeError; SpiderMonkey an InternalError ("allocation size overflow").
    return error instanceof RangeError ? error : new RangeError('Invalid string length', { cause: error });
  }
}
