import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of a file under `src/providers/__fixtures__/`. */
export function fixturePath(relative: string): string {
  return fileURLToPath(new URL(`../__fixtures__/${relative}`, import.meta.url));
}

/** The text of a file under `src/providers/__fixtures__/`. */
export function readFixture(relative: string): string {
  return readFileSync(fixturePath(relative), 'utf8');
}
