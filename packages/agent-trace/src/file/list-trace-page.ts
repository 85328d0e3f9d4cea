import type { TraceSummary } from '../trace-store.js';
import { throwIfAborted } from '../errors.js';
import { statTraceFile, traceIdsIn } from './list-trace-files.js';

/** What {@link listTracePage} found. */
export interface TraceFilePage {
  readonly traces: TraceSummary[];
  /** True when trace files sort after the last one of the page. */
  readonly more: boolean;
}

/**
 * Up to `limit` traces of `directory` whose id sorts after `after`, in ascending order of trace id.
 * Reads the directory's names (O(traces), in memory only) and describes just the files of the page
 * (`lstat`, never followed), leaving out what is not a file the store could have created.
 */
export async function listTracePage(directory: string, after: string | undefined, limit: number, signal: AbortSignal): Promise<TraceFilePage> {
  const candidates = (await traceIdsIn(directory)).filter((traceId) => after === undefined || traceId > after).sort();
  const traces: TraceSummary[] = [];
  for (const traceId of candidates) {
    throwIfAborted(signal, 'listing the traces');
    const info = await statTraceFile(directory, traceId);
    if (info === undefined) continue;
    // One trace file past the page: there is a next page.
    if (traces.length === limit) return { traces, more: true };
    traces.push({ traceId, updatedAt: new Date(info.modifiedMs).toISOString() });
  }
  return { traces, more: false };
}
