import type { ProviderChunk } from '@jangts/agent-types';

/** A provider call's chunks folded into what they mean, independent of how the wire split them. */
export interface FoldedStream {
  readonly text: string;
  readonly calls: readonly { readonly callId: string; readonly toolId: string; readonly args: string }[];
  readonly finish?: Extract<ProviderChunk, { type: 'finish' }>;
  /** Number of finish chunks (a provider emits exactly one). */
  readonly finishes: number;
}

/** Folds chunks: text joined, each call's argument pieces joined in order of first appearance, the finish. */
export function foldChunks(chunks: readonly ProviderChunk[]): FoldedStream {
  let text = '';
  const calls = new Map<string, { callId: string; toolId: string; args: string }>();
  let finish: Extract<ProviderChunk, { type: 'finish' }> | undefined;
  let finishes = 0;
  for (const chunk of chunks) {
    if (chunk.type === 'text') text += chunk.text;
    else if (chunk.type === 'tool-call') {
      const call = calls.get(chunk.callId) ?? { callId: chunk.callId, toolId: chunk.toolId, args: '' };
      call.args += chunk.argsDelta;
      calls.set(chunk.callId, call);
    } else {
      finish = chunk;
      finishes += 1;
    }
  }
  return { text, calls: [...calls.values()], ...(finish === undefined ? {} : { finish }), finishes };
}
