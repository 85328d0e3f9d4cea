import type { AgentCoreError } from '@jangts/agent-types';
import { appendFailuresError } from './errors.js';

/** Most trace ids named in a summarised failure. */
const MAX_NAMED_TRACES = 20;

/**
 * Collects append failures between two flushes in bounded memory (counts, the first error and
 * up to 20 trace ids), so an App that never flushes does not leak.
 */
export class AppendFailures {
  #first: AgentCoreError | undefined;
  #failures = 0;
  #lostRecords = 0;
  #traceIds = new Set<string>();

  /** Adds one `LOG_FAILED` error of a trace writer. */
  add(error: AgentCoreError): void {
    this.#first ??= error;
    this.#failures += 1;
    const { lostRecords, traceId } = error.details;
    if (typeof lostRecords === 'number') this.#lostRecords += lostRecords;
    if (typeof traceId === 'string' && this.#traceIds.size < MAX_NAMED_TRACES) this.#traceIds.add(traceId);
  }

  /** One `LOG_FAILED` summarising every failure since the last call (the first as `cause`), or `undefined`. */
  take(): AgentCoreError | undefined {
    const first = this.#first;
    if (first === undefined) return undefined;
    const summary = appendFailuresError(this.#failures, this.#lostRecords, [...this.#traceIds], first);
    this.#first = undefined;
    this.#failures = 0;
    this.#lostRecords = 0;
    this.#traceIds = new Set();
    return summary;
  }
}
