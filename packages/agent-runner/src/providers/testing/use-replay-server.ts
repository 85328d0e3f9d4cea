import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startReplayServer, type ReplayServer } from './replay-server.js';

/**
 * Gives the calling test file one {@link ReplayServer}: started before its tests, reset before
 * each test, closed after all of them. Its members can be read only inside tests and hooks.
 */
export function useReplayServer(): Omit<ReplayServer, 'close'> {
  let server: ReplayServer | undefined;
  const running = (): ReplayServer => {
    if (server === undefined) throw new Error('the replay server runs only while the tests do');
    return server;
  };
  beforeAll(async () => {
    server = await startReplayServer();
  });
  afterAll(() => running().close());
  beforeEach(() => {
    running().reset();
  });
  return {
    get url() {
      return running().url;
    },
    get requests() {
      return running().requests;
    },
    enqueue: (...responses) => {
      running().enqueue(...responses);
    },
    reset: () => {
      running().reset();
    },
  };
}
