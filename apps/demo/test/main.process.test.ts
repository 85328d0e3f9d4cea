import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The demo as a user runs it: a real child process on the sources (the `@jangts/source`
// condition, so no build is needed), its stdout a pipe — not a TTY.

const appDirectory = fileURLToPath(new URL('..', import.meta.url));

function runMain(argv: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@jangts/source', '--import', 'tsx', 'src/main.ts', ...argv], {
      cwd: appDirectory,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

// A child process compiles the sources with tsx first: give it time on a loaded CI machine.
describe('src/main.ts as a process', () => {
  it('tells the story on plain lines and exits 0: the refund approved and run, the reply, the audit citing the trace', async () => {
    const { code, stdout, stderr } = await runMain(['--no-delay']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toContain('\u001b');
    expect(stdout.split('\n')[0]).toBe('agent-core demo: support ticket 4711, one agent turn end to end');
    expect(stdout).toContain('   refused  TRUST_VIOLATION: assembleConversation: history[0] is a system message');
    expect(stdout).toContain('   App runs lookupOrder  (approval auto: its policy approved the call)\n');
    expect(stdout).toContain('   pending  call_2_1 → issueRefund  (valid against the tool schema; not run: approval required)\n');
    expect(stdout).toContain('   decision Sam Ortiz (billing) approves call_2_1 issueRefund; the turn resumes\n   App runs issueRefund');
    expect(stdout).toContain('     result  {"refundId":"RF-4711-1","orderId":"A-1042","amountCents":12900,"currency":"EUR","status":"issued"}\n');
    expect(stdout).toContain('   │ Yes: your parcel for order A-1042 was lost in transit, so we refunded the full 129.00 EUR.\n');
    expect(stdout).toContain('   refunds  RF-4711-1, 129.00 EUR for order A-1042\n');
    expect(stdout).toMatch(/^ {4}23 {2}turn-resume-1 {3}refund\.issued {7}\{"refundId":"RF-4711-1"/m);
    expect(stdout).toContain("   4. The refund ran only after the App's approval: Sam Ortiz approved it");
    expect(stdout).toMatch(/^ {6}cites ticket-4711-[\d-]+-[0-9a-f]{4}:23 {2}refund\.issued {2}\(source support-trace\)$/m);
    expect(stdout).toMatch(/^ {3}coverage {3}calls 2\/6 · pages 1\/4 · events 32\/100 · evidence chars \d+\/16000$/m);
    expect(stdout).toContain('   stopped by report\n');
    expect(stdout).toMatch(/Done\. Trace ticket-4711-\S+ removed with the temporary directory\.\n$/);
  });

  it('with --deny: no refund runs, the model reads the denial, the reply and the audit say so', async () => {
    const { code, stdout, stderr } = await runMain(['--no-delay', '--deny']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('   decision Sam Ortiz (billing) denies call_2_1 issueRefund (--deny); the turn resumes\n');
    expect(stdout).not.toContain('App runs issueRefund');
    expect(stdout).not.toMatch(/^ +\d+ +\S+ +refund\.issued /m);
    expect(stdout).toContain('     call_2_1  issueRefund  {"ok":false,"code":"DENIED","error":"denied by the App"}\n');
    expect(stdout).toContain('   │ I am sorry: your parcel for order A-1042 is lost in transit, and I could not refund it myself.\n');
    expect(stdout).toContain('   refunds  none: the App made no refund\n');
    expect(stdout).toContain("   4. The refund never ran: Sam Ortiz denied it, the turn recorded the App's decision, and the call's result is DENIED; no refund.issued record exists.\n");
    expect(stdout).toMatch(/^ {6}cites ticket-4711-[\d-]+-[0-9a-f]{4}:23 {2}tool\.result {2}\(source support-trace\)\n {8}tool\.result flow=\S+ \{"step":2,"callId":"call_2_1","toolId":"issueRefund","ok":false,"status":"denie…$/m);
    expect(stdout).toMatch(/Done\. Trace ticket-4711-\S+ removed with the temporary directory\.\n$/);
  });

  it('prints the usage with --help and exits 0', async () => {
    const { code, stdout } = await runMain(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: pnpm demo/);
  });

  it('refuses a bad flag on stderr and exits 2', async () => {
    const { code, stdout, stderr } = await runMain(['--provider', 'openai-compatible', '--model', 'gpt-4o-mini']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^agent-demo: --provider openai-compatible needs --base-url URL \(e\.g\. https:\/\/api\.openai\.com\/v1\)\nusage: pnpm demo /);
  });
});
