import { AgentCoreError, type ToolProposal } from '@jangts/agent-types';

/** What the reflection uses of a model result: its text and its tool proposals. */
export interface ModelReply {
  readonly text: string;
  readonly proposals: readonly ToolProposal[];
}

/**
 * Reads `text` and `proposals` of a model result. A `ModelRunner` always returns them; anything
 * else shaped like one (the option only requires an `invoke` method) must too, or the reflection
 * rejects with `OUTPUT_INVALID` rather than fail on a bad value later.
 */
export function readModelReply(result: unknown): ModelReply {
  if (typeof result !== 'object' || result === null) throw invalid('the model result is not an object');
  const { text = '', proposals } = result as Record<string, unknown>;
  if (typeof text !== 'string') throw invalid('the model result\'s text is not a string');
  if (!Array.isArray(proposals)) throw invalid('the model result has no proposals list');
  for (const [index, proposal] of (proposals as unknown[]).entries()) {
    if (typeof proposal !== 'object' || proposal === null) throw invalid(`proposal ${index} is not an object`);
    const { callId, toolId } = proposal as Record<string, unknown>;
    if (typeof callId !== 'string' || typeof toolId !== 'string') throw invalid(`proposal ${index} has no string callId and toolId`);
  }
  return { text, proposals: proposals as ToolProposal[] };
}

function invalid(problem: string): AgentCoreError {
  return new AgentCoreError('OUTPUT_INVALID', `reflection: ${problem}`, { details: { field: 'result' } });
}
