import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from './start-replay-server.js';

let directory: string;
let server: ReplayServer;

/** A recording of two events, each naming `label`. */
async function recording(label: string): Promise<URL> {
  const file = join(directory, `${label}.sse`);
  await writeFile(file, `data: {"label":"${label}","part":1}\n\ndata: {"label":"${label}","part":2}\n\n`);
  return pathToFileURL(file);
}

async function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'replay-server-'));
  server = await startReplayServer({ eventDelayMs: 0 });
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('startReplayServer', () => {
  it('answers each key with its own responses, once each, in order; a late request gets a 404, not another key’s response', async () => {
    const first = await server.route('first-test', [{ recording: await recording('first-a') }, { recording: await recording('first-b') }]);
    const second = await server.route('second-test', [{ recording: await recording('second-a') }]);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/first-test\/v1$/);

    expect(await post(`${second}/chat/completions`, { n: 1 })).toEqual({ status: 200, text: 'data: {"label":"second-a","part":1}\n\ndata: {"label":"second-a","part":2}\n\n' });
    expect((await post(`${first}/chat/completions`, { n: 2 })).text).toContain('"first-a"');
    // The second key's only response is spent: its late request does not take the first key's.
    const late = await post(`${second}/chat/completions`, { n: 3 });
    expect(late.status).toBe(404);
    expect(JSON.parse(late.text)).toEqual({ error: { message: 'replay: no recorded response left for POST /v1/chat/completions on key "second-test"' } });
    expect((await post(`${first}/chat/completions`, { n: 4 })).text).toContain('"first-b"');
    expect(server.requests('second-test').map((request) => request.body)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(server.requests('first-test').map((request) => request.body)).toEqual([{ n: 2 }, { n: 4 }]);
  });

  it('routes by path, and by `when` among the responses of one path', async () => {
    const base = await server.route('by-request', [
      { recording: await recording('approved'), when: '"approved"' },
      { recording: await recording('denied'), when: '"denied"' },
      { recording: await recording('messages'), path: '/v1/messages' },
    ]);
    expect((await post(`${base}/chat/completions`, { result: 'denied' })).text).toContain('"label":"denied"');
    expect((await post(`${base}/messages`, {})).text).toContain('"label":"messages"');
    expect((await post(`${base}/chat/completions`, { result: 'denied' })).status).toBe(404);
    expect((await post(`${base}/chat/completions`, { result: 'approved' })).text).toContain('"label":"approved"');
    expect((await post('http://' + new URL(base).host + '/unknown-key/v1/chat/completions', {})).status).toBe(404);
  });

  it('refuses a key already routed', async () => {
    await server.route('taken', []);
    await expect(server.route('taken', [])).rejects.toThrow('replay: key "taken" is taken');
  });
});
