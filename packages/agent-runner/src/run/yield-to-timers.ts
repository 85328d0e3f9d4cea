/**
 * How long a model call may read chunks that all arrive as microtasks (a provider that never
 * waits on I/O: a replay, a buffered body, an endless generator) before it lets timers run.
 */
export const TIME_SLICE_MS = 16;

/** How many chunks are read between two looks at the clock. */
export const CHUNKS_PER_CLOCK_CHECK = 64;

/**
 * Looks at the clock after which timers get a turn whatever it says: a runtime whose clock stands
 * still while code runs (Cloudflare's workerd advances it only at I/O) would otherwise never yield.
 */
export const CLOCK_CHECKS_PER_TURN = 256;

/**
 * Resolves after pending timers and I/O callbacks had their turn: `setImmediate` where it exists
 * (Node), else a zero-delay `setTimeout`. A loop that awaits only promises never lets a timer
 * fire — not `timeoutMs`, not an App's `setTimeout(() => controller.abort())`.
 */
export function yieldToTimers(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
