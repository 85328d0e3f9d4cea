import fc from 'fast-check';

/*
 * Arbitraries shared by the tests of agent-types and of the packages built on it (agent-context
 * imports them from here).
 */

/** Text with every kind of UTF-16 content: ASCII, CJK, astral (surrogate pairs), lone surrogates. */
export const unicodeText = (constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> =>
  fc.string({
    ...constraints,
    unit: fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.constantFrom('你', '好', '服', '务', '状', '态', '。'),
      fc.constantFrom('😀', '𝄞', '𠮷', '👩‍💻'),
      fc.constantFrom('\ud800', '\udfff', '\udbff'),
      fc.constantFrom('"', '\\', '\n', '\u0000', '\u2028'),
    ),
  });

/** Everything fast-check can make, with every exotic option switched on. */
export const anyValue = fc.anything({
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
  stringUnit: 'binary',
  maxDepth: 3,
});
