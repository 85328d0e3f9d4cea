import type { ModelProvider, ProviderChunk, ProviderRequest, ProviderStreamItem } from '@jangts/agent-types';

/** What one provider call produced: every chunk, and the error it ended with, if any. */
export interface CollectedStream {
  readonly chunks: readonly ProviderChunk[];
  readonly error?: unknown;
}

/** The chunks of one stream item (a batch, or one chunk), a bare string as a `text` chunk. */
export function chunksOf(item: ProviderStreamItem): ProviderChunk[] {
  const items = Array.isArray(item) ? (item as readonly (string | ProviderChunk)[]) : [item as string | ProviderChunk];
  return items.map((chunk) => (typeof chunk === 'string' ? { type: 'text', text: chunk } : chunk));
}

/** Runs one provider call to its end, collecting chunks (a bare string as a `text` chunk; batches taken apart) and the error. */
export async function collectStream(
  provider: ModelProvider,
  request: ProviderRequest,
  signal: AbortSignal = new AbortController().signal,
): Promise<CollectedStream> {
  const chunks: ProviderChunk[] = [];
  try {
    for await (const item of provider.stream(request, { signal })) chunks.push(...chunksOf(item));
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}
