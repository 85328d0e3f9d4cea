import type { AssembledInput, AssembledMessage, ContextRole, FragmentUsage } from '@jangts/agent-types';
import type { CheckedFragment } from './check-fragment.js';

/** The separator between two fragment texts inside one message: one blank line. */
export const FRAGMENT_SEPARATOR = '\n\n';

/**
 * Assembles validated fragments: the `system` message (its fragments in order) then the
 * `user` message, texts joined with a blank line, a role without fragments having no message;
 * one usage row per fragment in input order; the total length of the message contents.
 * Checks no budget.
 */
export function assembleCheckedFragments(checked: readonly CheckedFragment[]): AssembledInput {
  const systemTexts: string[] = [];
  const systemIds: string[] = [];
  const userTexts: string[] = [];
  const userIds: string[] = [];
  const fragmentUsage: FragmentUsage[] = [];
  for (const { id, sourceId, trust, lifetime, role, maxChars, text } of checked) {
    if (role === 'system') {
      systemTexts.push(text);
      systemIds.push(id);
    } else {
      userTexts.push(text);
      userIds.push(id);
    }
    fragmentUsage.push({ id, sourceId, trust, lifetime, role, chars: text.length, maxChars });
  }
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
