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
  it('tells the story on plain lines and exits 0', async () => {
    const { code, stdout, stderr } = await runMain(['--no-delay']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).not.toContain('\u001b');
    expect(stdout).toMatch(/^ {3}question {6}chat\.widget {7}user {4}turn {6}user {5}123\/1000$/m);
    expect(stdout).toContain('   refused  TRUST_VIOLATION: validateContextFragment: fragment.role is "system", but fragment "widget-note"');
    expect(stdout).toContain('   │ Nothing needs to change on your side; your site recovers when the fix is rolled out.\n');
    expect(stdout).toContain('   proposal call_1_1 → reply');
    expect(stdout).toMatch(/^ {6}cites ticket-4711-[\d-]+-[0-9a-f]{4}:3 {2}context\.refused/m);
    expect(stdout).toMatch(/^ {3}coverage {3}calls 2\/6 · pages 1\/4 · events 8\/60 · evidence chars \d+\/8000$/m);
    expect(stdout).toContain('   stopped by report\n');
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
