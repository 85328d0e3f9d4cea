import type { LanguageModelV3StreamPart, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { AgentCoreError, type FinishReason, type ProviderChunk } from '@jangts/agent-types';
import { describeValue } from '@jangts/agent-types/internal';
import { providerFailure } from '../../provider-failure.js';
import { openAbortableReader } from '../shared/open-abortable-reader.js';
import { aiSdkFailure } from './ai-sdk-failure.js';
import { AiSdkToolCalls } from './ai-sdk-tool-calls.js';
import { mapAiSdkUsage } from './map-ai-sdk-usage.js';

const PROVIDER = 'ai-sdk';

/** A stream part of either supported specification version. */
export type AiSdkStreamPart = LanguageModelV4StreamPart | LanguageModelV3StreamPart;

/** A part as it is read: each field once, through this. */
type PartFields = Readonly<Record<string, unknown>>;

function malformed(type: string, field: string, value: unknown): AgentCoreError {
  return providerFailure(`the model streamed a malformed ${type} part: ${field} must be a string (got ${describeValue(value)})`, { provider: PROVIDER, retryable: false });
}

/** `part[field]`, read once, when it is a string; `PROVIDER_FAILED` otherwise. */
function text(part: PartFields, type: string, field: string): string {
  const value = part[field];
  if (typeof value !== 'string') throw malformed(type, field, value);
  return value;
}

/**
 * Maps an AI SDK model's stream parts to runner chunks: `text-delta` → `text`, tool parts →
 * `tool-call` (see {@link AiSdkToolCalls}), `finish` → one `finish` chunk (reading stops there).
 * Reasoning, sources, files, metadata, `ping` and `raw` parts are ignored. Each part is read
 * once, field by field, and checked as it is read: a part of the wrong shape (not an object, a
 * `text-delta` whose `delta` is not a string, a finish without its reason) is `PROVIDER_FAILED`
 * (not retryable). An `error` part, a stream failure, a finish reason `error` or `interrupted`,
 * a v3 finish `other` that names no server reason (`raw` undefined: what v3 providers such as
 * `@ai-sdk/openai` 3.x send from their flush when the stream was cut before the server finished;
 * v4 providers say `interrupted`), and a stream that ends without a finish are `PROVIDER_FAILED` (`secrets` redacted from their excerpts); the signal gives `ABORTED`. The
 * stream is cancelled however iteration ends.
 */
export async function* readAiSdkStream(
  stream: ReadableStream<AiSdkStreamPart>,
  version: 'v3' | 'v4',
  signal: AbortSignal,
  secrets: readonly string[],
): AsyncGenerator<ProviderChunk, void, undefined> {
  const reader = openAbortableReader(stream, signal, PROVIDER);
  const tools = new AiSdkToolCalls();
  try {
    for (;;) {
      const result = await reader.read((error) => aiSdkFailure(error, secrets));
      if (result.done) break;
      const part: unknown = result.value;
      if (typeof part !== 'object' || part === null) {
        throw providerFailure(`the model streamed a malformed part (${describeValue(part)})`, { provider: PROVIDER, retryable: false });
      }
      const fields = part as PartFields;
      const type = fields.type;
      switch (type) {
        case 'text-delta': {
          const delta = text(fields, type, 'delta');
          if (delta !== '') yield { type: 'text', text: delta };
          break;
        }
        case 'tool-input-start':
          yield* tools.start(text(fields, type, 'id'), text(fields, type, 'toolName'), fields.providerExecuted === true, fields.inputEncoding !== 'text');
          break;
        case 'tool-input-delta':
          yield* tools.delta(text(fields, type, 'id'), text(fields, type, 'delta'));
          break;
        case 'tool-call':
          yield* tools.call(text(fields, type, 'toolCallId'), text(fields, type, 'toolName'), text(fields, type, 'input'), fields.providerExecuted === true);
          break;
        case 'error':
          throw aiSdkFailure(fields.error, secrets);
        case 'finish': {
          const reason = finishReason(fields.finishReason, version);
          const usage = mapAiSdkUsage(fields.usage);
          yield { type: 'finish', reason, ...(usage === undefined ? {} : { usage }) };
          return;
        }
        default:
          // Reasoning, sources, files, metadata, ping, raw, and part types newer than this
          // adapter carry nothing the runner needs.
          break;
      }
    }
  } catch (error) {
    if (AgentCoreError.isInstance(error)) throw error;
    // A part whose reading threw (a getter or a proxy trap).
    throw providerFailure('the model streamed a part that could not be read', { provider: PROVIDER, retryable: false }, error);
  } finally {
    reader.release();
  }
  throw providerFailure('the stream ended without a finish part', { provider: PROVIDER, retryable: true });
}

function finishReason(value: unknown, version: 'v3' | 'v4'): FinishReason {
  if (typeof value !== 'object' || value === null) {
    // A string `finishReason` is the v2 shape, which has no `unified`.
    throw providerFailure('the finish part has no finishReason.unified (a v2-style finish part?)', { provider: PROVIDER, retryable: false });
  }
  const { unified, raw } = value as { readonly unified?: unknown; readonly raw?: unknown };
  switch (unified) {
    case 'stop':
    case 'length':
    case 'content-filter':
    case 'tool-calls':
      return unified;
    case 'other':
      // A v3 provider has no `interrupted`: a cut stream finishes with the reason it started from.
      if (version === 'v3' && raw === undefined) {
        throw providerFailure('the model stream ended before the server finished it (a v3 finish other with no reason: the connection was cut)', { provider: PROVIDER, retryable: true });
      }
      return unified;
    case 'interrupted':
      throw providerFailure('the model stream was interrupted before it finished', { provider: PROVIDER, retryable: true });
    case undefined:
      throw providerFailure('the finish part has no finishReason.unified (a v2-style finish part?)', { provider: PROVIDER, retryable: false });
    default:
      throw providerFailure(`the model finished with reason ${describeValue(unified)}${typeof raw === 'string' ? ` (${JSON.stringify(raw)})` : ''}`, {
        provider: PROVIDER,
        retryable: false,
      });
  }
}
