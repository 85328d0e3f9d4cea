import { inspect } from 'node:util';
import { expect } from 'vitest';

/** Asserts that `secret` appears nowhere in `value`: not in its message, stack, details, JSON form or causes. */
export function expectNoSecret(value: unknown, secret: string): void {
  const views = [inspect(value, { depth: 20, showHidden: true }), JSON.stringify(value) ?? ''];
  if (value instanceof Error) views.push(value.message, value.stack ?? '', JSON.stringify((value as { details?: unknown }).details) ?? '');
  for (const view of views) expect(view).not.toContain(secret);
}
