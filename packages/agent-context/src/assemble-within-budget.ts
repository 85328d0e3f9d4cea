import type { AssembledInput, AssembledMessage, ContextRole, FragmentUsage } from '@jangts/agent-types';
import { quoteText, type InputDoor } from '@jangts/agent-types/internal';
import { inputBudgetError, inputTooLongError, type InputPath } from './errors.js';
import type { ParsedFragments } from './fragments-parser.js';

/** The separator between two fragment texts inside one message: one blank line. */
const FRAGMENT_SEPARATOR = '\n\n';

/** How many of the largest fragments an `INPUT_BUDGET` error names. */
const LARGEST_NAMED = 3;

/**
 * Assembles checked fragments once their total is known to fit `maxInputChars`: the `system`
 * message (its fragments in order) then the `user` message, texts joined with a blank line, a
 * role without fragments having no message; one usage row per fragment in input order; the total
 * length of the message contents. The total is measured before any message is built, so an input
 * far over the budget is refused without joining its texts.
 *
 * @param path - the fragments' place below `door`'s input, which `INPUT_BUDGET` names.
 * @throws AgentCoreError `INPUT_BUDGET` naming the total, the limit and the three largest
 *   fragments; also (`rule: 'engine-string-length'`) when the total fits but a message would be
 *   longer than the longest string this JavaScript engine can hold.
 */
export function assembleWithinBudget(parsed: ParsedFragments, maxInputChars: number, door: InputDoor, path: InputPath): AssembledInput {
  const total = measureAssembly(parsed);
  if (total > maxInputChars) {
    const named = largestFragments(parsed).map(({ id, chars }) => `${quoteText(id)} (${chars})`).join(', ');
    throw inputBudgetError(door, path, `assemble to ${total} characters (UTF-16 code units)`, total, maxInputChars, `largest fragments: ${named}`);
  }
  try {
    return assemble(parsed);
  } catch (error) {
    if (error instanceof RangeError) throw inputTooLongError(door, path, total, maxInputChars, error);
    throw error;
  }
}

/** The total characters the fragments assemble to (texts and separators, both messages), without building the messages. */
export function measureAssembly({ fragments, texts }: ParsedFragments): number {
  let systemCount = 0;
  let userCount = 0;
  let chars = 0;
  for (let index = 0; index < fragments.length; index += 1) {
    chars += (texts[index] as string).length;
    if (fragments[index]?.role === 'system') systemCount += 1;
    else userCount += 1;
  }
  const separators = Math.max(systemCount - 1, 0) + Math.max(userCount - 1, 0);
  return chars + separators * FRAGMENT_SEPARATOR.length;
}

function assemble({ fragments, texts }: ParsedFragments): AssembledInput {
  const systemTexts: string[] = [];
  const systemIds: string[] = [];
  const userTexts: string[] = [];
  const userIds: string[] = [];
  const fragmentUsage: FragmentUsage[] = [];
  fragments.forEach(({ id, sourceId, trust, lifetime, role, maxChars }, index) => {
    const text = texts[index] as string;
    if (role === 'system') {
      systemTexts.push(text);
      systemIds.push(id);
    } else {
      userTexts.push(text);
      userIds.push(id);
    }
    fragmentUsage.push({ id, sourceId, trust, lifetime, role, chars: text.length, maxChars });
  });
  const messages: AssembledMessage[] = [];
  addMessage(messages, 'system', systemTexts, systemIds);
  addMessage(messages, 'user', userTexts, userIds);
  let inputChars = 0;
  for (const message of messages) inputChars += message.content.length;
  return { messages, fragmentUsage, inputChars };
}

function addMessage(messages: AssembledMessage[], role: ContextRole, texts: readonly string[], fragmentIds: string[]): void {
  if (fragmentIds.length === 0) return;
  messages.push({ role, content: texts.join(FRAGMENT_SEPARATOR), fragmentIds });
}

/** Up to three `{ id, chars }`, largest first, ties in input order. */
function largestFragments({ fragments, texts }: ParsedFragments): { readonly id: string; readonly chars: number }[] {
  const largest: { readonly id: string; readonly chars: number }[] = [];
  fragments.forEach(({ id }, index) => {
    const chars = (texts[index] as string).length;
    let at = largest.length;
    while (at > 0 && (largest[at - 1] as { readonly chars: number }).chars < chars) at -= 1;
    if (at < LARGEST_NAMED) {
      largest.splice(at, 0, { id, chars });
      if (largest.length > LARGEST_NAMED) largest.pop();
    }
  });
  return largest;
}
