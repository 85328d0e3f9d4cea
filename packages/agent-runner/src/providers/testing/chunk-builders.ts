import type { FinishReason, ModelUsage, ProviderChunk } from '@jangts/agent-types';

/** One `text` chunk per piece. */
export function textChunks(...pieces: readonly string[]): ProviderChunk[] {
  return pieces.map((text) => ({ type: 'text', text }));
}

/** One `tool-call` chunk per argument piece of one call. */
export function callChunks(callId: string, toolId: string, ...pieces: readonly string[]): ProviderChunk[] {
  return pieces.map((argsDelta) => ({ type: 'tool-call', callId, toolId, argsDelta }));
}

/** The `finish` chunk, with usage when given. */
export function finishChunk(reason: FinishReason, usage?: ModelUsage): ProviderChunk {
  return usage === undefined ? { type: 'finish', reason } : { type: 'finish', reason, usage };
}
