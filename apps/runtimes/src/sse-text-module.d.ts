/** A recorded event stream, imported as its text (esbuild's `text` loader, see `src/matrix/build-bundles.ts`). */
declare module '*.sse' {
  const text: string;
  export default text;
}
