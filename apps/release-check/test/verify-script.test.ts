import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The root `pnpm verify` script's control flow: `pnpm changeset status` is reported even when a
 * turbo task failed, and the script fails when either failed. The script runs as pnpm runs it
 * (`sh -c`), with `turbo` and `pnpm` on the PATH replaced by recorders that exit as told: the real
 * ones would run this very test again.
 */
const root = resolve(import.meta.dirname, '../../..');
const verify = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['verify'] ?? '';

let bin: string;

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), 'agent-core-verify-'));
  for (const tool of ['turbo', 'pnpm']) {
    const file = join(bin, tool);
    writeFileSync(file, `#!/bin/sh\necho "${tool} $*" >> "$VERIFY_LOG"\nexit "$EXIT_${tool.toUpperCase()}"\n`);
    chmodSync(file, 0o755);
  }
});

afterAll(() => {
  rmSync(bin, { recursive: true, force: true });
});

function runVerify(exitTurbo: number, exitPnpm: number): { status: number | null; calls: string[] } {
  const log = join(bin, `calls-${exitTurbo}-${exitPnpm}.log`);
  writeFileSync(log, '');
  const result = spawnSync('sh', ['-c', verify], {
    cwd: root,
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}`, VERIFY_LOG: log, EXIT_TURBO: String(exitTurbo), EXIT_PNPM: String(exitPnpm) },
    encoding: 'utf8',
  });
  return { status: result.status, calls: readFileSync(log, 'utf8').trim().split('\n') };
}

describe('pnpm verify', () => {
  it('runs every turbo task with --continue, then the changeset status', () => {
    const { status, calls } = runVerify(0, 0);
    expect(calls).toEqual([expect.stringMatching(/^turbo run build typecheck lint test .*--continue$/), 'pnpm changeset status']);
    expect(status).toBe(0);
  });

  it('still reports the changeset status when a turbo task failed, and fails', () => {
    const { status, calls } = runVerify(1, 0);
    expect(calls).toContain('pnpm changeset status');
    expect(status).toBe(1);
  });

  it('fails when the changeset status fails', () => {
    expect(runVerify(0, 1).status).toBe(1);
  });

  it('fails when both fail', () => {
    expect(runVerify(2, 1).status).not.toBe(0);
  });
});
