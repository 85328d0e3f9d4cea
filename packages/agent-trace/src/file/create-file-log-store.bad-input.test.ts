import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileLogStore } from './create-file-log-store.js';
import type { FileLogStore } from './file-log-store.js';

let parent: string;
let store: FileLogStore;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'agent-log-bad-input-'));
  await mkdir(join(parent, 'store'));
  store = createFileLogStore({ directory: join(parent, 'store') });
});

afterAll(async () => {
  await store.close();
  await rm(parent, { recursive: true, force: true });
});

/** Runs `action`; anything it throws or rejects with must be an `AgentCoreError`. */
async function onlyAgentCoreErrors(action: () => unknown): Promise<AgentCoreError | undefined> {
  try {
    await action();
    return undefined;
  } catch (error) {
    expect(AgentCoreError.isInstance(error)).toBe(true);
    return error as AgentCoreError;
  }
}

const anything = fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withNullPrototype: true });

describe('createFileLogStore (bad input)', () => {
  it('either rejects a trace id with AgentCoreError or writes its file directly inside the directory', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', maxLength: 130 }), fc.constantFrom('..', '../x', '/tmp/x', 'a/../../b', 'C:\\x', 'nul')), async (traceId) => {
        const error = await onlyAgentCoreErrors(() => store.open(traceId));
        if (error !== undefined) expect(error.code).toBe('INPUT_INVALID');
      }),
      { numRuns: 300 },
    );
    await store.flush();
    expect(await readdir(parent)).toEqual(['store']);
    for (const name of await readdir(join(parent, 'store'))) expect(name).toMatch(/^[a-z0-9+][a-z0-9._+-]*\.jsonl$/);
  });

  it('lets no other exception escape from createFileLogStore, record, child, read or prune', async () => {
    const log = store.open('bad-input');
    await fc.assert(
      fc.asyncProperty(anything, anything, async (first, second) => {
        await onlyAgentCoreErrors(() => {
          const created = createFileLogStore(first as never);
          return created.close();
        });
        await onlyAgentCoreErrors(() => {
          log.record(first as never, second as never);
        });
        await onlyAgentCoreErrors(() => log.child(first as never));
        await onlyAgentCoreErrors(() => store.reader.read(first as never));
        await onlyAgentCoreErrors(() =>
          store.reader.read({ traceId: 'bad-input', limit: 5, signal: new AbortController().signal, cursor: first as never, types: second as never }),
        );
        await onlyAgentCoreErrors(() => store.prune({ olderThanMs: first as never, maxTotalBytes: 1_000_000_000 }));
      }),
      { numRuns: 300 },
    );
  });

  it('turns a throwing getter or proxy in options, a read request or prune rules into AgentCoreError naming the field', async () => {
    const boom = new Error('boom');
    const throwing = <T extends object>(base: T, key: string): T =>
      Object.defineProperty({ ...base }, key, {
        enumerable: true,
        get: () => {
          throw boom;
        },
      });
    const signal = new AbortController().signal;
    const hostile = new Proxy({}, { get: () => { throw boom; }, ownKeys: () => { throw boom; } });
    const cases: [() => unknown, string, string][] = [
      [() => createFileLogStore(throwing({ directory: join(parent, 'other') }, 'directory')), 'CONFIG_INVALID', 'directory'],
      [() => store.reader.read(throwing({ traceId: 'bad-input', limit: 1, signal }, 'traceId')), 'INPUT_INVALID', 'traceId'],
      [() => store.reader.read(hostile as never), 'INPUT_INVALID', 'request'],
      [() => store.prune(throwing({ olderThanMs: 1 }, 'olderThanMs')), 'INPUT_INVALID', 'olderThanMs'],
      [() => store.prune(hostile), 'INPUT_INVALID', 'options'],
    ];
    for (const [action, code, field] of cases) {
      const error = await onlyAgentCoreErrors(action);
      expect(error).toMatchObject({ code, details: { field, rule: 'readable' } });
      expect(error?.cause).toBe(boom);
    }
  });

  it('refuses an unknown (misspelt) field of a read request or of prune rules, which would silently not apply', async () => {
    const signal = new AbortController().signal;
    const read = await onlyAgentCoreErrors(() => store.reader.read({ traceId: 'bad-input', limit: 1, signal, cursr: 'x' } as never));
    expect(read).toMatchObject({ code: 'INPUT_INVALID', details: { field: 'cursr' } });
    const prune = await onlyAgentCoreErrors(() => store.prune({ olderthanMs: 5, maxTotalBytes: 1e12 } as never));
    expect(prune).toMatchObject({ code: 'INPUT_INVALID', details: { field: 'olderthanMs' } });
  });
});
