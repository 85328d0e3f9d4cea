import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { useReplayServer } from './use-replay-server.js';

// A request of an earlier test that reaches the server late (its body ends after that test is
// over, as a loaded machine makes happen) must not take the scripted response of the next test.

const server = useReplayServer();

/** Starts a POST whose body is held back until `finish` is called. */
async function heldRequest(url: string): Promise<{ finish: () => Promise<number> }> {
  // `expect: 100-continue`: the server answers 100 as it takes the request, before its body.
  const request: ClientRequest = httpRequest(`${url}/late`, { method: 'POST', headers: { 'content-type': 'application/json', expect: '100-continue' } });
  const taken = new Promise((resolve) => request.on('continue', resolve));
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  request.flushHeaders();
  await taken;
  request.write('{"late":');
  return {
    finish: async () => {
      request.end('true}');
      const response = await answered.catch(() => undefined);
      response?.resume();
      return response?.statusCode ?? 0;
    },
  };
}

let late: { finish: () => Promise<number> } | undefined;
afterAll(async () => {
  await late?.finish();
});

describe('useReplayServer', () => {
  it('an earlier test leaves a request whose body has not arrived yet', async () => {
    late = await heldRequest(server.url);
    expect(server.requests).toEqual([]);
  });

  it("a later test gets its own scripted response, whatever the earlier test's request does", async () => {
    server.enqueue({ status: 200, pieces: ['mine'] });
    await late?.finish();
    late = undefined;
    const response = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('mine');
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/chat/completions']);
  });
});
