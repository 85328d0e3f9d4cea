import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from './replay-server.js';

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());

describe('startReplayServer', () => {
  it('answers a request that arrived before a reset with 418, leaving the responses queued after it', async () => {
    // `expect: 100-continue`: the server answers 100 as it takes the request, before its body.
    const held = httpRequest(`${server.url}/late`, { method: 'POST', headers: { expect: '100-continue' } });
    const taken = new Promise((resolve) => held.on('continue', resolve));
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      held.on('response', resolve);
      held.on('error', reject);
    });
    held.flushHeaders();
    await taken;
    held.write('{"late":');
    server.reset();
    server.enqueue({ pieces: ['mine'] });
    held.end('true}');
    const lateResponse = await answered;
    lateResponse.resume();
    expect(lateResponse.statusCode).toBe(418);
    const response = await fetch(`${server.url}/mine`, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('mine');
    expect(server.requests.map((request) => request.path)).toEqual(['/mine']);
  });
});
