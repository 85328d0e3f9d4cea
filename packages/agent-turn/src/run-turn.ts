import { assembleConversation, assembleFragments } from '@jangts/agent-context';
import type { ContextFragment, HistoryMessage } from '@jangts/agent-types';
import { emptyInputError, fragmentsUnreadableError, toolResultTooLongError } from './errors.js';
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
  const { maxToolResultChars } = definition.options;
  const long = history.findIndex((message) => message.role === 'tool' && message.content.length > maxToolResultChars);
  if (long >= 0) throw toolResultTooLongError('turn.run request', 'request', ['history', long], (history[long] as HistoryMessage).content.length, maxToolResultChars);
  // The size is held to maxInputChars by the loop (a turn over budget stops, it does not throw).
  const conversation = assembleConversation({ fragments, history, maxInputChars: Number.MAX_SAFE_INTEGER });
  // Copying reads the App's fragments again: the copy, which the turn keeps, is what it checks and assembles.
  const kept = copyFragments(fragments);
  const assembled = assembleFragments(kept, Number.MAX_SAFE_INTEGER);
  if (assembled.messages.length === 0 && conversation.history.length === 0) throw emptyInputError();
  const run = new TurnRun(definition, context, {
    fragments: kept,
    context: assembled,
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
