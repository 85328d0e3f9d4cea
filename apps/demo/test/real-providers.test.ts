import { afterEach, describe, expect, it } from 'vitest';
import { runDemo } from '../src/run-demo.js';
import { respondAsAnthropic } from './loopback/anthropic-responder.js';
import { LOOPBACK_REPLY } from './loopback/loopback-model.js';
import { respondAsOpenAICompatible } from './loopback/openai-compatible-responder.js';
import { startLoopbackServer, type LoopbackServer } from './loopback/start-loopback-server.js';
import { captureOutput } from './support/capture-output.js';

// The real-provider path end to end, without network: the providers talk HTTP + SSE to a
// server on 127.0.0.1 that scripts each response from what the request carries.

const API_KEY = 'sk-loopback-secret-key';
let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function demo(argv: readonly string[], env: Record<string, string>) {
  const stdout = captureOutput();
  const stderr = captureOutput();
  const code = await runDemo({ argv: [...argv, '--no-delay'], env, stdout, stderr });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The tool ids each request offered, and whether it carried a tool result. */
function expectTheStoryOnWire(requests: LoopbackServer['requests'], toolIdsOf: (body: Record<string, unknown>) => string[]): void {
  expect(requests.map((request) => toolIdsOf(request.body))).toEqual([['reply'], ['query_evidence', 'submit_report'], ['query_evidence', 'submit_report']]);
}

function expectTheStoryOnScreen(stdout: string): void {
  for (const bubble of [LOOPBACK_REPLY.answer, ...LOOPBACK_REPLY.bubbles]) expect(stdout).toContain(`   │ ${bubble}\n`);
  expect(stdout).toContain('App decision: kind is "reply", so the answer and 2 bubble(s) are sent');
  expect(stdout).toContain('   summary    Loopback review: 2 records read.');
  expect(stdout).toMatch(/^ {6}cites ticket-4711-[\d-]+-[0-9a-f]{4}:3 {2}context\.refused {2}\(source support-trace\)$/m);
  expect(stdout).toMatch(/^ {6}cites ticket-4711-[\d-]+-[0-9a-f]{4}:7 {2}reply\.sent {2}\(source support-trace\)$/m);
  expect(stdout).toMatch(/^ {3}coverage {3}calls 2\/6 · pages 1\/4 · events 2\/60 · /m);
  expect(stdout).toContain('   stopped by report');
  expect(stdout).not.toContain(API_KEY);
}

describe('--provider openai-compatible', () => {
  it('runs the same story against an OpenAI-compatible server', async () => {
    server = await startLoopbackServer(respondAsOpenAICompatible);
    const baseURL = `${server.origin}/v1`;
    const { code, stdout, stderr } = await demo(['--provider', 'openai-compatible', '--base-url', baseURL, '--model', 'm'], { OPENAI_API_KEY: API_KEY });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`model  openai-compatible, model m at ${baseURL}\n`);
    expect(stdout).toContain('   proposal call_reply → reply  (arguments valid against the tool schema; nothing executed yet)');
    expectTheStoryOnScreen(stdout);

    expect(server.requests.every((request) => request.path === '/v1/chat/completions' && request.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    expectTheStoryOnWire(server.requests, (body) => (body.tools as { function: { name: string } }[]).map((tool) => tool.function.name));
    // Trust on the wire: the system message carries only system/app fragments.
    const firstMessages = server.requests[0]!.body.messages as { role: string; content: string }[];
    expect(firstMessages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(firstMessages[0]!.content).not.toContain('SYSTEM OVERRIDE');
  });

  it('fails with the provider error code and exit 1 when the server refuses the key', async () => {
    server = await startLoopbackServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
    });
    const { code, stdout, stderr } = await demo(['--provider', 'openai-compatible', '--base-url', `${server.origin}/v1`, '--model', 'm'], { OPENAI_API_KEY: API_KEY });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^agent-demo: the story failed: PROVIDER_FAILED: .*401.*\n$/);
    expect(stderr + stdout).not.toContain(API_KEY);
  });
});

describe('--provider anthropic', () => {
  it('runs the same story against an Anthropic Messages server', async () => {
    server = await startLoopbackServer(respondAsAnthropic);
    const { code, stdout, stderr } = await demo(['--provider', 'anthropic', '--base-url', server.origin, '--model', 'claude-test'], { ANTHROPIC_API_KEY: API_KEY });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`model  anthropic, model claude-test at ${server.origin}\n`);
    expect(stdout).toContain('   proposal toolu_reply → reply  (arguments valid against the tool schema; nothing executed yet)');
    expectTheStoryOnScreen(stdout);

    expect(server.requests.every((request) => request.path === '/v1/messages' && request.headers['x-api-key'] === API_KEY)).toBe(true);
    expectTheStoryOnWire(server.requests, (body) => (body.tools as { name: string }[]).map((tool) => tool.name));
  });
});
