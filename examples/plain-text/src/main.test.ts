import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample as run, startReplayServer, type ReplayServer, type RunExampleOptions } from '@jangts/example-connect-model';

const TEXT = "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.";

/** The example, run as a child process; it prints nothing on stderr. */
async function runExample(options: RunExampleOptions = {}): Promise<string> {
  const { stdout, stderr } = await run(new URL('..', import.meta.url), options);
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
      server = await startReplayServer();
    });
    afterAll(() => server.close());

    it('sends the key, the model and the checked input to OPENAI_BASE_URL', async () => {
      // This test's own key: no other test's request can take its response.
      const baseURL = await server.route('plain-text-openai-key', [{ recording: new URL('recorded/chat-text-gpt-4o.sse', import.meta.url) }]);
      const stdout = await runExample({ env: { OPENAI_API_KEY: 'sk-example-key', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'example-model' } });
      expect(stdout).toMatch(new RegExp(`^model: example-model at ${baseURL.replace(/[.]/g, '\\.')}\n`));
      expect(stdout).toContain(`\n${TEXT}\n`);
      expect(server.requests('plain-text-openai-key')).toHaveLength(1);
      expect(server.requests('plain-text-openai-key')[0]?.headers.authorization).toBe('Bearer sk-example-key');
      expect(server.requests('plain-text-openai-key')[0]?.body).toMatchObject({
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
