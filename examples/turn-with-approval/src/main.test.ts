import { describe, expect, it } from 'vitest';
import { runExample as run, type RunExampleOptions } from '@jangts/example-connect-model';

/** The example, run as a child process; it prints nothing on stderr. */
async function runExample(options: RunExampleOptions = {}): Promise<string> {
  const { stdout, stderr } = await run(new URL('..', import.meta.url), options);
  expect(stderr).toBe('');
  return stdout;
}

describe('examples/turn-with-approval', () => {
  it('waits for approval, refuses an edited state, runs the approved call and replies', async () => {
    expect(await runExample()).toBe(
      [
        'model: four responses in the format of gpt-4o, replayed on loopback (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a live model)',
        'turn: awaiting-approval after 2 steps',
        '  awaiting approval: call-2 rollback {"service":"checkout","version":41}',
        'edited state refused: APPROVAL_INVALID: turn.resume: state.history[2] is not the assistant message that made the calls of the state, as recorded',
        'decision: approve (run with --deny to deny)',
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
    const stdout = await runExample({ argv: ['--deny'] });
    expect(stdout).toContain('\ndecision: deny\n');
    expect(stdout).toContain('\nreply: I did not roll back: checkout stays on version 42.\n');
    expect(stdout).toContain('\n  rollback: denied, decided by app\n');
    expect(stdout).toContain('\ncheckout is live on version 42\n');
    expect(stdout).toMatch(/\nbudget: 3\/6 steps, 1\/4 tool calls\n$/);
  });
});
