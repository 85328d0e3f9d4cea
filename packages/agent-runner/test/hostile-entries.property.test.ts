import fc from 'fast-check';
import { describe, it } from 'vitest';
import { HOSTILE_UNIT_RUNS, hostileProperty } from '../../agent-types/test/hostile-entry.js';
import { runnerHostileEntries } from './hostile-entries.js';

describe('agent-runner under hostile values (flipping getters, proxies, look-alikes, huge sparse lists)', () => {
  it.each(runnerHostileEntries.map((entry) => [entry.name, entry] as const))('%s settles or refuses with an AgentCoreError naming the field', async (_name, entry) => {
    await fc.assert(hostileProperty(entry), { numRuns: HOSTILE_UNIT_RUNS });
  });
});
