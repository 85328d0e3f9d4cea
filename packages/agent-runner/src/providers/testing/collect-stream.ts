import type { ModelProvider, ProviderChunk, ProviderRequest } from '@jangts/agent-types';

/** What one provider call produced: every chunk, and the error it ended with, if any. */
export interface CollectedStream {
  readonly chunks: readonly ProviderChunk[];
  readonly error?: unknown;
}

/** Runs one provider call to its end, collecting chunks (a bare string as a `text` chunk) and the error. */
export async function collectStream(
  provider: ModelProvider,
  request: ProviderRequest,
  signal: AbortSignal = new AbortController().signal,
): Promise<CollectedStream> {
  const chunks: ProviderChunk[] = [];
  try {
    for await (const chunk of provider.stream(request, { signal })) {
      chunks.push(typeof chunk === 'string' ? { type: 'text', text: chunk } : chunk);
    }
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}
