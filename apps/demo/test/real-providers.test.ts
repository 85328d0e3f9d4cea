import { afterEach, describe, expect, it } from 'vitest';
import { runDemo } from '../src/run-demo.js';
import { respondAsAnthropic } from './loopback/anthropic-responder.js';
import { LOOPBACK_EVIDENCE_TYPES, LOOPBACK_REPLIES } from './loopback/loopback-model.js';
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

const TURN_TOOLS = ['lookupOrder', 'issueRefund', 'reply'];
const REFLECTION_TOOLS = ['query_evidence', 'submit_report'];

/** The tool ids each request offered: the turn's three model calls, then the reflection's two. */
function expectTheStoryOnWire(requests: LoopbackServer['requests'], toolIdsOf: (body: Record<string, unknown>) => string[]): void {
  expect(requests.map((request) => toolIdsOf(request.body))).toEqual([TURN_TOOLS, TURN_TOOLS, TURN_TOOLS, REFLECTION_TOOLS, REFLECTION_TOOLS]);
}

function expectTheStoryOnScreen(stdout: string, callIdOf: (toolId: string) => string, decision: 'approved' | 'denied'): void {
  const refund = callIdOf('issueRefund');
  expect(stdout).toContain('   App runs lookupOrder  (approval auto: its policy approved the call)\n');
  expect(stdout).toContain(`   pending  ${refund} → issueRefund  (valid against the tool schema; not run: approval required)\n`);
  if (decision === 'approved') {
    expect(stdout).toContain(`   decision Sam Ortiz (billing) approves ${refund} issueRefund; the turn resumes\n   App runs issueRefund`);
    expect(stdout).toContain('   refunds  RF-4711-1, 129.00 EUR for order A-1042\n');
  } else {
    expect(stdout).toContain(`   decision Sam Ortiz (billing) denies ${refund} issueRefund (--deny); the turn resumes\n`);
    expect(stdout).not.toContain('App runs issueRefund');
    expect(stdout).toContain(`${refund}  issueRefund  {"ok":false,"code":"DENIED","error":"denied by the App"}\n`);
    expect(stdout).toContain('   refunds  none: the App made no refund\n');
  }
  const reply = decision === 'approved' ? LOOPBACK_REPLIES.refunded : LOOPBACK_REPLIES.denied;
  for (const bubble of [reply.answer, ...reply.bubbles]) expect(stdout).toContain(`   │ ${bubble}\n`);
  expect(stdout).toContain(`   reply    ${callIdOf('reply')} → reply  (the final tool: returned to the App, never executed)\n`);
  expect(stdout).toContain('App decision: kind is "reply", so the answer and 2 bubble(s) are sent');
  // The loopback reviewer cites every record of the types it asked for, as the kit returned them.
  const cited = [...stdout.matchAll(/^ {6}cites ticket-4711-[\d-]+-[0-9a-f]{4}:\d+ {2}(\S+) {2}\(source support-trace\)$/gm)].map((match) => match[1]);
  const expected = ['context.refused', 'context.refused', 'tool.decided', 'tool.decided', ...(decision === 'approved' ? ['refund.issued'] : []), 'reply.sent'];
  expect(cited).toEqual(expected);
  expect(expected.every((type) => (LOOPBACK_EVIDENCE_TYPES as readonly string[]).includes(type))).toBe(true);
  expect(stdout).toContain(`   summary    Loopback review: ${expected.length} records read.`);
  expect(stdout).toMatch(new RegExp(`^ {3}coverage {3}calls 2/6 · pages 1/4 · events ${expected.length}/100 · `, 'm'));
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
    expectTheStoryOnScreen(stdout, (toolId) => `call_${toolId}`, 'approved');

    expect(server.requests.every((request) => request.path === '/v1/chat/completions' && request.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    expectTheStoryOnWire(server.requests, (body) => (body.tools as { function: { name: string } }[]).map((tool) => tool.function.name));
    // Trust on the wire: the system message carries only system/app fragments.
    const firstMessages = server.requests[0]!.body.messages as { role: string; content: string }[];
    expect(firstMessages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(firstMessages[0]!.content).not.toContain('SYSTEM OVERRIDE');
  });

  it('with --deny, the model reads the App\'s denial as the refund\'s tool result on the wire', async () => {
    server = await startLoopbackServer(respondAsOpenAICompatible);
    const baseURL = `${server.origin}/v1`;
    const { code, stdout, stderr } = await demo(['--provider', 'openai-compatible', '--base-url', baseURL, '--model', 'm', '--deny'], { OPENAI_API_KEY: API_KEY });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expectTheStoryOnScreen(stdout, (toolId) => `call_${toolId}`, 'denied');
    expectTheStoryOnWire(server.requests, (body) => (body.tools as { function: { name: string } }[]).map((tool) => tool.function.name));
    const afterDecision = server.requests[2]!.body.messages as { role: string; content: string | null; tool_call_id?: string }[];
    expect(afterDecision.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_issueRefund', content: '{"ok":false,"code":"DENIED","error":"denied by the App"}' });
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
    expectTheStoryOnScreen(stdout, (toolId) => `toolu_${toolId}`, 'approved');

    expect(server.requests.every((request) => request.path === '/v1/messages' && request.headers['x-api-key'] === API_KEY)).toBe(true);
    expectTheStoryOnWire(server.requests, (body) => (body.tools as { name: string }[]).map((tool) => tool.name));
  });

  it('runs the denied path against an Anthropic Messages server', async () => {
    server = await startLoopbackServer(respondAsAnthropic);
    const { code, stdout, stderr } = await demo(['--provider', 'anthropic', '--base-url', server.origin, '--model', 'claude-test', '--deny'], { ANTHROPIC_API_KEY: API_KEY });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expectTheStoryOnScreen(stdout, (toolId) => `toolu_${toolId}`, 'denied');
    expectTheStoryOnWire(server.requests, (body) => (body.tools as { name: string }[]).map((tool) => tool.name));
  });
});
