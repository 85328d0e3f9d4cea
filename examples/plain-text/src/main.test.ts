import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from './start-replay-server.js';

const KEYS = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_MODEL'] as const;
const TEXT = "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.";

/** The example as a user runs it: a child process on the sources, with no key but the ones given. */
async function runExample(env: Partial<Record<(typeof KEYS)[number], string>> = {}): Promise<string> {
  // An undefined value leaves the variable out of the child's environment.
  const unset = Object.fromEntries(KEYS.map((key) => [key, undefined]));
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--conditions=@jangts/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...unset, ...env },
  });
  expect(stderr).toBe('');
  return stdout;
}

describe('examples/plain-text', () => {
  it('streams the recorded reply from the loopback replay server when no key is set', async () => {
    const stdout = await runExample();
    expect(stdout).toMatch(/^model: a recorded gpt-4o stream, replayed on loopback/);
    expect(stdout).toContain("question: What's the weather like in SF?\n");
    expect(stdout).toContain(`\n${TEXT}\n`);
    expect(stdout).toMatch(/finish: stop · tokens: 14 in, 30 out\n$/);
  });

  describe('with OPENAI_API_KEY set', () => {
    let server: ReplayServer;
    beforeAll(async () => {
      server = await startReplayServer(new URL('recorded/chat-text-gpt-4o.sse', import.meta.url));
    });
    afterAll(() => server.close());

    it('sends the key, the model and the checked input to OPENAI_BASE_URL', async () => {
      const stdout = await runExample({ OPENAI_API_KEY: 'sk-example-key', OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: 'example-model' });
      expect(stdout).toMatch(new RegExp(`^model: example-model at ${server.baseURL.replace(/[.]/g, '\\.')}\n`));
      expect(stdout).toContain(`\n${TEXT}\n`);
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-example-key');
      expect(server.requests[0]?.body).toMatchObject({
        model: 'example-model',
        stream: true,
        messages: [
          { role: 'system', content: 'Answer in at most two sentences.' },
          { role: 'user', content: "What's the weather like in SF?" },
        ],
      });
    });
  });
});
