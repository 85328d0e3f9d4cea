import type { EventSourceMessage } from 'eventsource-parser';
import { AgentCoreError, type ProviderChunk } from '@jangts/agent-types';

/** The synchronous state machine of one wire protocol: events in, runner chunks out. */
export interface EventStreamState {
  /**
   * Reads one event, pushing the chunks it contributes onto `out`. Returns `false` when the
   * stream is complete (`[DONE]`, `message_stop`) and nothing more should be read. Throws
   * `PROVIDER_FAILED` for an error event or malformed data.
   */
  accept(event: EventSourceMessage, out: ProviderChunk[]): boolean;
  /** Called once after the last event: pushes the finish chunk, or throws when the stream ended without one. */
  end(out: ProviderChunk[]): void;
  /**
   * True once the reply is known to be complete although the stream has not ended (OpenAI's
   * `finish_reason`, before the usage chunk and `[DONE]`): a connection failing after that point
   * ends the stream instead of failing it.
   */
  finished?(): boolean;
}

/**
 * Drives `state` over batches of events and yields, per batch (the events of one network read),
 * the chunks they produced as one list (none for a batch that produced none). Chunks an event
 * produced before a later event of the same batch failed are still yielded, before the error.
 * The state completing (`false`) ends the stream: its finish chunk joins that batch's chunks.
 * A connection failure (`PROVIDER_FAILED` from the body) once the state is
 * {@link EventStreamState.finished} ends the stream as if the body had ended.
 * Stopping early (the state's `false`, or the consumer) closes `batches`, which releases the
 * response body.
 */
export async function* streamChunks(
  batches: AsyncIterable<readonly EventSourceMessage[]>,
  state: EventStreamState,
): AsyncGenerator<readonly ProviderChunk[], void, undefined> {
  for await (const batch of untilConnectionFailsAfterFinish(batches, state)) {
    const out: ProviderChunk[] = [];
    let failure: { readonly error: unknown } | undefined;
    let complete = false;
    try {
      for (const event of batch) {
        if (!state.accept(event, out)) {
          complete = true;
          state.end(out);
          break;
        }
      }
    } catch (error) {
      failure = { error };
    }
    if (out.length > 0) yield out;
    if (failure !== undefined) throw failure.error;
    if (complete) return;
  }
  const out: ProviderChunk[] = [];
  state.end(out);
  if (out.length > 0) yield out;
}

/** `batches`, ending quietly when the connection fails after the reply is complete. */
async function* untilConnectionFailsAfterFinish(
  batches: AsyncIterable<readonly EventSourceMessage[]>,
  state: EventStreamState,
): AsyncGenerator<readonly EventSourceMessage[], void, undefined> {
  const iterator = batches[Symbol.asyncIterator]();
  let exhausted = false;
  try {
    for (;;) {
      let result: IteratorResult<readonly EventSourceMessage[]>;
      try {
        result = await iterator.next();
      } catch (error) {
        exhausted = true;
        if (state.finished?.() === true && AgentCoreError.isInstance(error) && error.code === 'PROVIDER_FAILED') return;
        throw error;
      }
      if (result.done === true) {
        exhausted = true;
        return;
      }
      yield result.value;
    }
  } finally {
    // Stopped early (the state's `false`, or the consumer): release the body.
    if (!exhausted) await iterator.return?.();
  }
}
