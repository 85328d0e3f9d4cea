/** A probe of the harness: a program using Node's `Buffer` global, which workerd and a browser do not have (no polyfill may hide that). */
export async function runProgram(): Promise<Record<string, unknown>> {
  return { ok: true, length: Buffer.from('你好').length };
}
