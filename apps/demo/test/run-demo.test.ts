import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USAGE } from '../src/demo-usage.js';
import { runDemo } from '../src/run-demo.js';
import { captureOutput } from './support/capture-output.js';
import { normalizeOutput } from './support/normalize-output.js';
import { renderScreen } from './support/render-screen.js';

async function demo(argv: readonly string[], terminal?: { columns: number; rows: number }) {
  const stdout = captureOutput(terminal);
  const stderr = captureOutput();
  const code = await runDemo({ argv, env: {}, stdout, stderr });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('runDemo (scripted, not a TTY)', () => {
  it('tells the whole story and exits 0', async () => {
    const { code, stdout, stderr } = await demo(['--no-delay']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toContain('\u001b');
    const lines = normalizeOutput(stdout).split('\n');
    expect(Number(/evidence chars (\d+)\/8000/.exec(stdout)?.[1])).toBeGreaterThan(800);

    // 1. the usage table, the total against the budget, and the refused fragment
    expect(lines).toEqual(
      expect.arrayContaining([
        '   id            source            trust   lifetime  role    chars/max',
        '   instructions  app.prompt        system  static    system    288/600',
        '   policy        app.policy        app     static    system    163/400',
        '   account       crm.account       app     session   user       87/300',
        '   status        tool.status-page  tool    call      user      178/600',
        '   question      chat.widget       user    turn      user     123/1000',
        '   total 845 of maxInputChars 3000 chars, in 2 messages (system ← instructions, policy · user ← account, status, question)',
        '   refused  TRUST_VIOLATION: validateContextFragment: fragment.role is "system", but fragment "widget-note" is "user" content: the system slot is filled only from fragments of system or app trust',
      ]),
    );

    // 2. the preview as plain lines (one per bubble), the proposal, the App's decision
    const previewStart = lines.indexOf('   preview: answer and bubbles.* of `reply`, shown once kind is "reply"');
    expect(lines.slice(previewStart + 1, previewStart + 6)).toEqual([
      '   │ Yes, this is on our side: incident INC-2041 has degraded our load balancers in eu-west-1 since 09:04 UTC.',
      '   │ shop.example.com is served from eu-west-1, so the 502 errors come from the incident, not from your setup.',
      '   │ The cause is identified; the next update is due at 10:30 UTC on https://status.nimbus.example.',
      '   │ Nothing needs to change on your side; your site recovers when the fix is rolled out.',
      '   proposal call_1_1 → reply  (arguments valid against the tool schema; nothing executed yet)',
    ]);
    expect(stdout).toMatch(/^ {5}kind {10}reply$/m);
    expect(stdout).toMatch(/^ {5}internalNote {2}Business plan, eu-west-1, affected by INC-2041\./m);
    expect(lines).toContain('   App decision: kind is "reply", so the answer and 3 bubble(s) are sent (388 chars); the internal note stays with the team');

    // 3. the trace, read back from the file log store
    expect(lines).toEqual(
      expect.arrayContaining([
        '   trace <trace> in <temp>',
        '     0  support-turn  flow.start         {"name":"support-turn"}',
        '     1  support-turn  ticket.opened      {"ticketId":"4711","channel":"chat-widget","plan":"business"}',
        '     4  reply-stage   flow.start         {"parentFlowId":"<flow>","name":"reply-stage"}',
        '     7  support-turn  reply.sent         {"ticketId":"4711","callId":"call_1_1","bubbles":3,"chars":388}',
      ]),
    );

    // 4. the report: authorizations, summary, findings with citations, coverage, stop reason
    const reportStart = lines.indexOf('4. Reflection: a model reviews the trace within budgets and cites its evidence');
    expect(lines.slice(reportStart + 1)).toEqual([
      '   question   Review ticket 4711: was the customer answered from the facts, and did anything try to cross the trust boundary?',
      '   ✓ question authorized: Lena Park is a support-lead (111 chars)',
      '   ✓ read authorized: Lena Park may read support traces',
      '   summary    Ticket 4711 was answered from App facts (account, status page) in one model call; an attempt to place customer text in the system slot was refused before the model saw anything.',
      '   findings',
      '   1. Customer text that claimed the system slot was refused with TRUST_VIOLATION before any model call.',
      '      cites <trace>:3  context.refused  (source support-trace)',
      '        context.refused flow=<flow> {"fragmentId":"widget-note","sourceId":"chat.widget","trust":"user","code":…',
      '   2. The reply stage took one model call, which ended well with one validated proposal.',
      '      cites <trace>:6  model.end  (source support-trace)',
      '        model.end flow=<flow> {"stageId":"reply","ok":true,"durationMs":…',
      '   3. The App checked the proposal and sent the answer with its bubbles to the customer.',
      '      cites <trace>:7  reply.sent  (source support-trace)',
      '        reply.sent flow=<flow> {"ticketId":"4711","callId":"call_1_1","bubbles":3,"chars":388}',
      '   coverage   calls 2/6 · pages 1/4 · events 8/60 · evidence chars <n>/8000',
      '              consistency best-effort · complete yes · gaps none',
      '   stopped by report',
      '',
      'Done. Trace <trace> removed with the temporary directory.',
      '',
    ]);
  });

  it('removes its temporary log directory', async () => {
    const { stdout } = await demo(['--no-delay']);
    const directory = /^logs {3}(\S+)/m.exec(stdout)?.[1];
    expect(directory).toMatch(/agent-demo-/);
    expect(existsSync(directory!)).toBe(false);
  });
});

describe('runDemo on a TTY', () => {
  it('redraws the preview in place; the screen ends up showing what a pipe gets', async () => {
    const tty = await demo(['--no-delay'], { columns: 200, rows: 50 });
    const plain = await demo(['--no-delay']);
    expect(tty.code).toBe(0);
    // The stream really was drawn more than once, in place.
    // eslint-disable-next-line no-control-regex -- counting terminal control sequences is the point
    expect(tty.stdout.match(/\u001b\[\d+F\u001b\[J/g)?.length).toBeGreaterThan(20);
    expect(normalizeOutput(renderScreen(tty.stdout).join('\n'))).toBe(normalizeOutput(plain.stdout).trimEnd());
  });
});

describe('runDemo --log-dir', () => {
  it('keeps the trace as a JSONL file holding the App and runner records', async () => {
    const root = await mkdtemp(join(tmpdir(), 'agent-demo-test-'));
    directories.push(root);
    const logDirectory = join(root, 'logs');
    const { code, stdout } = await demo(['--no-delay', '--log-dir', logDirectory]);
    expect(code).toBe(0);
    const traceId = /^Done\. Trace (\S+) kept in (.+)$/m.exec(stdout)?.[1];
    expect(stdout).toContain(`kept in ${logDirectory}`);
    const records = (await readFile(join(logDirectory, `${traceId}.jsonl`), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { traceId: string; seq: number; type: string });
    expect(records.map((record) => record.type)).toEqual([
      'flow.start',
      'ticket.opened',
      'context.assembled',
      'context.refused',
      'flow.start',
      'model.start',
      'model.end',
      'reply.sent',
    ]);
    expect(records.every((record, index) => record.traceId === traceId && record.seq === index)).toBe(true);
  });
});

describe('runDemo flags', () => {
  it('prints the usage with --help and exits 0', async () => {
    expect(await demo(['--help'])).toEqual({ code: 0, stdout: DEMO_USAGE, stderr: '' });
  });

  it.each([
    [['--nope'], 'agent-demo: unknown flag --nope'],
    [['--provider', 'gpt'], 'agent-demo: unknown provider "gpt" (use scripted, openai-compatible, anthropic)'],
    [['--provider', 'anthropic'], 'agent-demo: --provider anthropic needs --model NAME'],
    [['--provider', 'anthropic', '--model', 'claude'], 'agent-demo: --provider anthropic needs an API key in ANTHROPIC_API_KEY'],
  ])('refuses %j with one line and the usage hint, exit 2', async (argv, message) => {
    const { code, stdout, stderr } = await demo(argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([message, expect.stringMatching(/^usage: pnpm demo -- \[--provider /), '']);
  });
});

describe('runDemo failures', () => {
  it('ends with the error code and exit 1 when the story is aborted', async () => {
    const stdout = captureOutput();
    const stderr = captureOutput();
    const code = await runDemo({ argv: ['--no-delay'], env: {}, stdout, stderr, signal: AbortSignal.abort(new Error('stop')) });
    expect(code).toBe(1);
    expect(stderr.text()).toMatch(/^agent-demo: the story failed: ABORTED: /);
  });
});
