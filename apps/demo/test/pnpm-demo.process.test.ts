import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `pnpm demo` at the repository root, exactly as the README's "Try it" runs it: the demo straight
// from the sources (tsx with the `@jangts/source` condition), no build first, so the demo's own
// first line is the first line on stdout, and the flags after `--` reach it.

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

function runPnpmDemo(flags: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['demo', '--', ...flags], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
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

// pnpm starts tsx, which compiles the sources first: give it time on a loaded CI machine.
describe('pnpm demo at the repository root', { timeout: 120_000 }, () => {
  it('starts with the demo itself, with no build log before it', async () => {
    const { code, stdout, stderr } = await runPnpmDemo(['--no-delay']);
    expect({ code, stderr: stderr.split('\n').filter((line) => !line.startsWith('$ ')) }).toEqual({ code: 0, stderr: [''] });
    expect(stdout.split('\n')[0]).toBe('agent-core demo: support ticket 4711, one agent turn end to end');
    expect(stdout).toMatch(/Done\. Trace ticket-4711-\S+ removed with the temporary directory\.\n$/);
  });

  it('hands the flags after -- to the demo, and its exit code back', async () => {
    const { code, stdout, stderr } = await runPnpmDemo(['--provider', 'unknown']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('agent-demo: unknown provider "unknown" (use scripted, openai-compatible, anthropic)\nusage: pnpm demo -- ');
  });
});
