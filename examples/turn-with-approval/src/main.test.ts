import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** The example as a user runs it: a child process on the sources, with no API key set. */
async function runExample(argv: readonly string[] = []): Promise<string> {
  const unset = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined };
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--conditions=@jangts/source', '--import', 'tsx', 'src/main.ts', ...argv], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...unset },
  });
  expect(stderr).toBe('');
  return stdout;
}

describe('examples/turn-with-approval', () => {
  it('waits for approval, refuses an edited state, runs the approved call and replies', async () => {
    expect(await runExample()).toBe(
      [
        'turn: awaiting-approval after 2 steps',
        '  awaiting approval: call-2 rollback {"service":"checkout","version":41}',
        'edited state refused: APPROVAL_INVALID: turn.resume: state.calls[0].digest does not match the call it records: the call changed after it was proposed',
        'decision: approve call-2 (run with --deny to deny it)',
        'turn: done',
        'reply: Rolled checkout back to version 41.',
        '  listReleases: ran, decided by policy',
        '  rollback: ran, decided by app',
        'checkout is live on version 41',
        'budget: 3/6 steps, 2/4 tool calls',
        '',
      ].join('\n'),
    );
  });

  it('with --deny, runs nothing and the model reads the denial', async () => {
    const stdout = await runExample(['--deny']);
    expect(stdout).toContain('\ndecision: deny call-2\n');
    expect(stdout).toContain('\nreply: I did not roll back: checkout stays on version 42.\n');
    expect(stdout).toContain('\n  rollback: denied, decided by app\n');
    expect(stdout).toContain('\ncheckout is live on version 42\n');
    expect(stdout).toMatch(/\nbudget: 3\/6 steps, 1\/4 tool calls\n$/);
  });
});
