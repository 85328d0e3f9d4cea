import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from './start-replay-server.js';

const KEYS = ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_MODEL'] as const;

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
      server = await startReplayServer(new URL('recorded/chat-tool-call-strict-gpt-4o.sse', import.meta.url));
    });
    afterAll(() => server.close());

    it('sends the TypeBox schema to OPENAI_BASE_URL as the tool’s plain JSON Schema', async () => {
      const stdout = await runExample({ OPENAI_API_KEY: 'sk-example-key', OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: 'example-model' });
      expect(stdout).toContain('\nthe App runs it → San Francisco, CA: 16 °C, fog until noon\n');
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-example-key');
      expect(server.requests[0]?.body).toMatchObject({
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
