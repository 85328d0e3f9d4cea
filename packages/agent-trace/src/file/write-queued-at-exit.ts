/** Something holding records not yet handed to the file system. */
export interface QueuedAtExit {
  /** Appends them synchronously; never throws. */
  writeQueuedSync(): void;
}

const queued = new Set<QueuedAtExit>();

function writeAllQueued(): void {
  for (const holder of [...queued]) {
    queued.delete(holder);
    try {
      holder.writeQueuedSync();
    } catch {
      // An exit hook that throws would end the process with another code and skip the other stores.
    }
  }
}

/**
 * Keeps `holder` on the list the process `exit` hook writes out synchronously, so records
 * queued when the App calls `process.exit()` (or the process ends on an uncaught exception) are
 * not lost. One `exit` listener serves every store; it is registered only while some store has
 * records queued or being written. A process killed by a signal runs no hook at all.
 */
export function keepForExit(holder: QueuedAtExit): void {
  if (queued.size === 0) process.on('exit', writeAllQueued);
  queued.add(holder);
}

/** Takes `holder` off the list (its records are all written or reported lost); the last one removes the listener. */
export function releaseFromExit(holder: QueuedAtExit): void {
  if (queued.delete(holder) && queued.size === 0) process.off('exit', writeAllQueued);
}
