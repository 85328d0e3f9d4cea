import { FRAGMENT_SEPARATOR } from './assemble-checked-fragments.js';
import type { CheckedFragment } from './check-fragment.js';

/** The total characters `checked` would assemble to, without building the messages. */
export function measureCheckedFragments(checked: readonly CheckedFragment[]): number {
  let systemCount = 0;
  let userCount = 0;
  let chars = 0;
  for (const { role, text } of checked) {
    chars += text.length;
    if (role === 'system') systemCount += 1;
    else userCount += 1;
  }
  const separators = Math.max(systemCount - 1, 0) + Math.max(userCount - 1, 0);
  return chars + separators * FRAGMENT_SEPARATOR.length;
}
