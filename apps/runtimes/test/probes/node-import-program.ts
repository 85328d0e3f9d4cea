/** A probe of the harness: a program importing a Node built-in, which the workerd and browser bundles must refuse to build. */
import { readFileSync } from 'node:fs';

export async function runProgram(): Promise<Record<string, unknown>> {
  return { ok: true, reads: typeof readFileSync };
}
