import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample as run, startReplayServer, type ReplayServer, type RunExampleOptions } from '@jangts/example-connect-model';

/** The example, run as a child process; it prints nothing on stderr. */
async function runExample(options: RunExampleOptions = {}): Promise<string> {
  const { stdout, stderr } = await run(new URL('..', import.meta.url), options);
  expect(stderr).toBe('');
  return stdout;
}

describe('examples/tool-stage', () => {
  it('streams the recorded arguments, then runs the validated, typed proposal', async () => {
    const stdout = await runExample();
    expect(stdout).toMatch(/^model: a recorded gpt-4o tool call, replayed on loopback/);
    expect(stdout).toContain('\nget_weather arguments as they stream: {"city":"San Francisco","state":"CA"}\n');
    expect(stdout).toContain('\nproposal call_CTf1nWJLqSeRgDqaCG27xZ74: get_weather(city: San Francisco, state: CA)\n');
    expect(stdout).toContain('\nthe App runs it → San Francisco, CA: 16 °C, fog until noon\n');
    expect(stdout).toMatch(/\nfinish: tool-calls\n$/);
  });

  describe('with OPENAI_API_KEY set', () => {
    let server: ReplayServer;
    beforeAll(async () => {
      server = await startReplayServer();
    });
    afterAll(() => server.close());

    it('sends the TypeBox schema to OPENAI_BASE_URL as the tool’s plain JSON Schema', async () => {
      // This test's own key: no other test's request can take its response.
      const baseURL = await server.route('tool-stage-openai-key', [{ recording: new URL('recorded/chat-tool-call-strict-gpt-4o.sse', import.meta.url) }]);
      const stdout = await runExample({ env: { OPENAI_API_KEY: 'sk-example-key', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'example-model' } });
      expect(stdout).toContain('\nthe App runs it → San Francisco, CA: 16 °C, fog until noon\n');
      expect(server.requests('tool-stage-openai-key')).toHaveLength(1);
      expect(server.requests('tool-stage-openai-key')[0]?.headers.authorization).toBe('Bearer sk-example-key');
      expect(server.requests('tool-stage-openai-key')[0]?.body).toMatchObject({
        model: 'example-model',
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'Current weather of a US city',
              parameters: {
                type: 'object',
                properties: { city: { type: 'string', description: 'City name' }, state: { type: 'string', description: 'Two-letter US state code' } },
                required: ['city', 'state'],
                additionalProperties: false,
              },
            },
          },
        ],
      });
    });
  });
});
