/** When the sink calls of a preview are made: see {@link ReplyPreviewOptions.coalesce}. */
export type ReplyPreviewCoalesce = 'frame' | { readonly intervalMs: number };

/** Runs `callback` later, once; the function returned cancels it. */
export type Schedule = (callback: () => void) => () => void;

/** The frame functions of a browser (or any runtime that has them). */
interface FrameClock {
  readonly requestAnimationFrame?: (callback: () => void) => number;
  readonly cancelAnimationFrame?: (handle: number) => void;
}

/** A frame when there is no `requestAnimationFrame` (a server, a worker): 60 per second. */
const FRAME_MS = 16;

function timeout(ms: number): Schedule {
  return (callback) => {
    const handle = setTimeout(callback, ms);
    return () => {
      clearTimeout(handle);
    };
  };
}

/**
 * The schedule of a `coalesce` option: `'frame'` is the next animation frame
 * (`requestAnimationFrame` where the runtime has it, else a 16 ms timer), `{ intervalMs }` a timer;
 * `undefined` (no coalescing) is no schedule: calls are made at once.
 */
export function coalescingSchedule(coalesce: ReplyPreviewCoalesce | undefined): Schedule | undefined {
  if (coalesce === undefined) return undefined;
  if (coalesce !== 'frame') return timeout(coalesce.intervalMs);
  const { requestAnimationFrame: request, cancelAnimationFrame: cancel } = globalThis as FrameClock;
  if (typeof request !== 'function' || typeof cancel !== 'function') return timeout(FRAME_MS);
  return (callback) => {
    const handle = request.call(globalThis, callback);
    return () => {
      cancel.call(globalThis, handle);
    };
  };
}
