import { assembleConversation } from '@jangts/agent-context';
import type { ContextFragment } from '@jangts/agent-types';
import { emptyInputError, fragmentsUnreadableError } from './errors.js';
import type { TurnDefinition } from './turn-definition.js';
import type { TurnResult } from './turn-result.js';
import { TurnRun } from './turn-run.js';
import { parseTurnRunRequest } from './turn-run-request.js';

/**
 * `Turn.run`: reads the request, assembles the conversation once (fragments checked, the history's
 * trust and pairing rules audited, each earlier tool result held to `maxToolResultChars`), then
 * runs the loop. Throws (before any model call) only for a bad request; after that every outcome
 * is a result.
 */
export async function runTurn(definition: TurnDefinition, request: unknown): Promise<TurnResult> {
  const { fragments, history, context } = parseTurnRunRequest(request);
  // The size is held to maxInputChars by the loop (a turn over budget stops, it does not throw).
  const conversation = assembleConversation({ fragments, history, maxInputChars: Number.MAX_SAFE_INTEGER, maxToolResultChars: definition.options.maxToolResultChars });
  if (conversation.context.messages.length === 0 && conversation.history.length === 0) throw emptyInputError();
  const run = new TurnRun(definition, context, {
    fragments: copyFragments(fragments),
    context: conversation.context,
    history: conversation.history,
    historyChars: conversation.inputChars - conversation.context.inputChars,
    steps: [],
    used: { steps: 0, toolCalls: 0, durationMs: 0 },
    usage: {},
  });
  run.start();
  return run.loop();
}

/** The turn's own copy of the checked fragments (plain JSON now), for a state to carry. */
function copyFragments(fragments: readonly ContextFragment[]): readonly ContextFragment[] {
  try {
    return structuredClone(fragments);
  } catch (error) {
    throw fragmentsUnreadableError(error);
  }
}
