import type { LanguageModelV3StreamPart, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { AgentCoreError, type FinishReason, type ProviderChunk } from '@jangts/agent-types';
import { errorMessage } from '../../error-message.js';
import { openAbortableReader } from '../shared/open-abortable-reader.js';
import { aiSdkFailure } from './ai-sdk-failure.js';
import { AiSdkToolCalls } from './ai-sdk-tool-calls.js';
import { mapAiSdkUsage } from './map-ai-sdk-usage.js';
import { providerFailure } from '../../provider-failure.js';

const PROVIDER = 'ai-sdk';

/** A stream part of either supported specification version. */
export type AiSdkStreamPart = LanguageModelV4StreamPart | LanguageModelV3StreamPart;

/**
 * Maps an AI SDK model's stream parts to runner chunks: `text-delta` → `text`, tool parts →
 * `tool-call` (see {@link AiSdkToolCalls}), `finish` → one `finish` chunk (reading stops there).
 * Reasoning, sources, files, metadata, `ping` and `raw` parts are ignored. An `error` part, a
 * stream failure, a finish reason `error` or `interrupted`, and a stream that ends without a
 * finish are `PROVIDER_FAILED` (`secrets` redacted from their excerpts); the signal gives
 * `ABORTED`. The stream is cancelled however iteration ends.
 */
export async function* readAiSdkStream(
  stream: ReadableStream<AiSdkStreamPart>,
  signal: AbortSignal,
  secrets: readonly string[],
): AsyncGenerator<ProviderChunk, void, undefined> {
  const reader = openAbortableReader(stream, signal, PROVIDER);
  const tools = new AiSdkToolCalls();
  try {
    for (;;) {
      const result = await reader.read((error) => aiSdkFailure(error, secrets));
      if (result.done) break;
      const part = result.value;
      switch (part.type) {
        case 'text-delta':
          if (part.delta !== '') yield { type: 'text', text: part.delta };
          break;
        case 'tool-input-start':
          yield* tools.start(part);
          break;
        case 'tool-input-delta':
          yield* tools.delta(part);
          break;
        case 'tool-call':
          yield* tools.call(part);
          break;
        case 'error':
          throw aiSdkFailure(part.error, secrets);
        case 'finish': {
          const reason = finishReason(part.finishReason.unified, part.finishReason.raw);
          const usage = mapAiSdkUsage(part.usage);
          yield { type: 'finish', reason, ...(usage === undefined ? {} : { usage }) };
          return;
        }
        case 'text-start':
        case 'text-end':
        case 'reasoning-start':
        case 'reasoning-delta':
        case 'reasoning-end':
        case 'reasoning-file':
        case 'tool-input-end':
        case 'tool-result':
        case 'tool-approval-request':
        case 'custom':
        case 'file':
        case 'source':
        case 'stream-start':
        case 'response-metadata':
        case 'ping':
        case 'raw':
          break;
        default:
          // A part type newer than this adapter carries nothing the runner needs.
          break;
      }
    }
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    // A part of the wrong shape (`null`, a finish without its reason) failed while it was read.
    throw providerFailure(`the model streamed a malformed part (${errorMessage(error)})`, { provider: PROVIDER, retryable: false }, error);
  } finally {
    reader.release();
  }
  throw providerFailure('the stream ended without a finish part', { provider: PROVIDER, retryable: true });
}

function finishReason(unified: string | undefined, raw: string | undefined): FinishReason {
  switch (unified) {
    case 'stop':
    case 'length':
    case 'content-filter':
    case 'tool-calls':
    case 'other':
      return unified;
    case 'interrupted':
      throw providerFailure('the model stream was interrupted before it finished', { provider: PROVIDER, retryable: true });
    case undefined:
      // A string `finishReason` is the v2 shape, which has no `unified`.
      throw providerFailure('the finish part has no finishReason.unified (a v2-style finish part?)', { provider: PROVIDER, retryable: false });
    default:
      throw providerFailure(`the model finished with reason ${JSON.stringify(unified)}${raw === undefined ? '' : ` (${JSON.stringify(raw)})`}`, {
        provider: PROVIDER,
        retryable: false,
      });
  }
}
