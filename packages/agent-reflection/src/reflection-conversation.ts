import { assembleFragments, validateContextFragment } from '@jangts/agent-context';
import type { AssembledInput, ContextFragment, Conversation, HistoryMessage, JsonObject, ToolProposal } from '@jangts/agent-types';
import type { ReflectionLimits } from './reflection-budget.js';
import { reflectionInstructions } from './reflection-instructions.js';

const KIT_SOURCE_ID = 'agent-reflection';

/**
 * The messages of one reflection, built through the context package so that trust rules apply:
 * the system message holds only `app`-trust content (the kit's instructions and the source's
 * description); the question is a `user`-trust fragment in the user message; evidence text is
 * `tool`-trust content that only ever travels in `tool` messages, paired with the call id.
 */
export class ReflectionConversation {
  private readonly context: AssembledInput;
  private readonly history: HistoryMessage[] = [];
  private readonly fragmentIds = new Set<string>();
  private fragmentCount = 0;

  constructor(limits: ReflectionLimits, source: { readonly id: string; readonly description: string }, question: string) {
    const instructions = reflectionInstructions(limits);
    const description = `Evidence source "${source.id}": ${source.description}`;
    const fragments: ContextFragment[] = [
      appFragment('reflection.instructions', 'system', 'static', instructions),
      appFragment('reflection.source', 'system', 'session', description),
      { id: 'reflection.question', sourceId: 'question', trust: 'user', lifetime: 'turn', maxChars: question.length, role: 'user', value: question },
    ];
    this.context = assembleFragments(fragments, Number.MAX_SAFE_INTEGER);
    for (const fragment of fragments) this.fragmentIds.add(fragment.id);
  }

  /** The conversation so far, as the runner's input: the checked context and the history after it. */
  get input(): Conversation {
    return { context: this.context, history: this.history };
  }

  /**
   * Validates `text` as a `tool`-trust fragment of source `sourceId` whose size may not pass
   * `maxChars`, and returns the text it contributes. Tool content can never take the system
   * slot (`TRUST_VIOLATION`), and the size rule is the evidence budget.
   */
  toolText(sourceId: string, text: string, maxChars: number): string {
    this.fragmentCount += 1;
    const fragment: ContextFragment = {
      id: `evidence.${this.fragmentCount}`,
      sourceId,
      trust: 'tool',
      lifetime: 'call',
      maxChars: Math.max(1, maxChars),
      role: 'user',
      value: text,
    };
    return validateContextFragment(fragment, this.fragmentIds);
  }

  /** The model's reply: its text and the tool calls it proposed. */
  addAssistant(text: string, proposals: readonly ToolProposal[]): void {
    this.history.push(
      proposals.length === 0
        ? { role: 'assistant', content: text }
        : { role: 'assistant', content: text, toolCalls: proposals.map(({ callId, toolId, args }) => ({ callId, toolId, args })) },
    );
  }

  /** The result of one tool call, as JSON text in a `tool` message. */
  addToolResult(callId: string, result: JsonObject): void {
    this.history.push({ role: 'tool', callId, content: JSON.stringify(result) });
  }

  /** A note from the reflection itself (`app` trust, user slot), e.g. after a reply without tool calls. */
  addNotice(text: string): void {
    this.fragmentCount += 1;
    const fragment = appFragment(`reflection.notice.${this.fragmentCount}`, 'user', 'call', text);
    const [message] = assembleFragments([fragment], Number.MAX_SAFE_INTEGER).messages;
    this.fragmentIds.add(fragment.id);
    if (message !== undefined) this.history.push({ role: 'user', content: message.content });
  }
}

function appFragment(id: string, role: 'system' | 'user', lifetime: 'static' | 'session' | 'call', value: string): ContextFragment {
  return { id, sourceId: KIT_SOURCE_ID, trust: 'app', lifetime, maxChars: Math.max(1, value.length), role, value };
}
