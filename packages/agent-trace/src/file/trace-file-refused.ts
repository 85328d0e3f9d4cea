import { AgentCoreError } from '@jangts/agent-types';

/**
 * The `LOG_FAILED` error of a trace path the store will not follow or use: a symbolic link, a
 * hard link, a directory, a device or FIFO, a file of another user, a file replaced while it was
 * opened, or a store directory reached through a symbolic link. Names the trace id (when one
 * is concerned) and the path.
 */
export function traceFileRefused(traceId: string | undefined, path: string, problem: string): AgentCoreError {
  const subject = traceId === undefined ? 'file log store' : `trace "${traceId}"`;
  return new AgentCoreError(
    'LOG_FAILED',
    `${subject}: ${path} ${problem}; the store uses only regular files it created in its own directory, and follows no link`,
    { details: { ...(traceId === undefined ? {} : { traceId }), path, problem } },
  );
}
