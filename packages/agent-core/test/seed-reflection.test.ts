import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelRunner, type ProviderRequest } from '@jangts/agent-core';
import { createFileLogStore } from '@jangts/agent-core/trace/file';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { describe, expect, it } from 'vitest';
import { logSource as logSourceJs } from './seeds/log-source.mjs';
import { logSource as logSourceTs } from './seeds/log-source.js';
import { review as reviewJs } from './seeds/review.mjs';
import { review as reviewTs } from './seeds/review.js';

/** The evidence items of the newest tool result in a request. */
function lastItems(request: ProviderRequest): { id: string; type: string; text: string }[] {
  const last = request.messages.at(-1);
  if (last?.role !== 'tool') return [];
  return (JSON.parse(last.content) as { items?: { id: string; type: string; text: string }[] }).items ?? [];
}

interface SupportApp {
  readonly user: string;
}

describe('ReflectionSource page examples', () => {
  it.each([
    ['ts', reviewTs, logSourceTs],
    ['js', reviewJs as typeof reviewTs, logSourceJs as typeof logSourceTs],
  ])('review() over logSource() reviews a real trace with budgets and cites it (%s)', async (_variant, review, logSource) => {
    const directory = await mkdtemp(join(tmpdir(), 'agent-core-seed-'));
    const store = createFileLogStore({ directory });
    try {
      const signal = new AbortController().signal;
      const trace = store.open('order-7', 'checkout');
      const runner = new ModelRunner({ provider: createScriptedProvider(['Paid.']) });
      await runner.invoke({ input: 'pay', stageId: 'pay', context: { app: {}, logger: trace, signal } });
      trace.record('refund.requested', { amount: 12 });

      const asked: string[] = [];
      const source = logSource<SupportApp>(store.reader, 'order-7', async (context) => {
        asked.push(`query by ${context.app.user}`);
      });
      const model = new ModelRunner({
        provider: createScriptedProvider([
          { toolCalls: [{ toolId: 'query_evidence', args: { types: ['refund.requested'], limit: 5 } }] },
          (request) => ({
            toolCalls: [
              {
                toolId: 'submit_report',
                args: { summary: 'A refund was requested.', findings: [{ claim: 'Refund of 12', evidenceIds: lastItems(request).map((item) => item.id) }] },
              },
            ],
          }),
        ]),
      });
      const reflection = review<SupportApp>(model, source, async (question, context) => {
        asked.push(`${question} by ${context.app.user}`);
      });
      const report = await reflection.run('Why a refund?', { app: { user: 'ada' }, signal });

      expect(asked).toEqual(['Why a refund? by ada', 'query by ada']);
      expect(report.stoppedBy).toBe('report');
      expect(report.summary).toBe('A refund was requested.');
      expect(report.findings).toHaveLength(1);
      expect(report.findings[0]?.evidenceIds).toHaveLength(1);
      expect(report.evidence.map((item) => item.type)).toEqual(['refund.requested']);
      expect(report.coverage.calls).toBe(2);
      expect(report.coverage.pages).toBe(1);
      expect(report.coverage.events).toBe(1);
    } finally {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('refuses a question the App does not authorize before any evidence is read', async () => {
    const read = { count: 0 };
    const source = logSourceTs({ read: async () => { read.count += 1; return { records: [], complete: true, gaps: [] }; } }, 't-1', async () => undefined);
    const model = new ModelRunner({ provider: createScriptedProvider([]) });
    const reflection = reviewTs(model, source, async () => {
      throw new Error('not yours');
    });
    await expect(reflection.run('anything', { app: {}, signal: new AbortController().signal })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(read.count).toBe(0);
  });
});
