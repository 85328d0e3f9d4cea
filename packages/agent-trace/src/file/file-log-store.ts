import type { TraceStore } from '../trace-store.js';

/**
 * The embedded trace store: append-only JSONL, one file per trace, in an App-owned directory; a
 * {@link TraceStore} (see its contract). On top of it: `flush()` hands records to the file system
 * (they survive a crash of the process, not necessarily of the machine); `close()` also releases
 * the directory, so another store of this process may open it; records still queued when the
 * process exits without `close()` are written by an `exit` hook; several processes may write one
 * directory and one trace (a lock file per trace keeps `seq` unique and consecutive); `prune`
 * judges a trace by its file's size and last modification, and never touches a file that is not
 * a trace file the store could have created.
 */
export interface FileLogStore extends TraceStore {
  /** The directory of the trace files: its absolute real path, resolved when the store was created. */
  readonly directory: string;
}
