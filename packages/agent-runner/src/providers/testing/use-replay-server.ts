import { afterEach, beforeEach } from 'vitest';
import { startReplayServer, type ReplayServer } from './replay-server.js';

/**
 * Gives each test of the calling file its own {@link ReplayServer}: started before the test,
 * closed after it. A request an earlier test left behind (its body arriving late on a loaded
 * machine) therefore never reaches the next test's server nor takes its scripted responses.
 * Its members can be read only inside tests and hooks; `url` differs from test to test.
 */
export function useReplayServer(): Omit<ReplayServer, 'close'> {
  let server: ReplayServer | undefined;
  const running = (): ReplayServer => {
    if (server === undefined) throw new Error('the replay server runs only while the tests do');
    return server;
  };
  beforeEach(async () => {
    server = await startReplayServer();
  });
  afterEach(async () => {
    const closing = running().close();
    server = undefined;
    await closing;
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
