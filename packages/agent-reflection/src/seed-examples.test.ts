// The two examples of the ReflectionSource page, as written there except for the import
// specifiers (the umbrella re-exports these packages), run against a real trace.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelRunner } from '@jangts/agent-runner';
import { createFileLogStore } from '@jangts/agent-trace/file';
import { createScriptedProvider } from '@jangts/agent-runner/providers/scripted';
import { describe, expect, it } from 'vitest';
import { defineReflection, defineReflectionLogSource } from './index.js';
import type { ReflectionLogReader, ReflectionSource } from './index.js';
import type { OperationContext } from '@jangts/agent-types';
import { lastToolResults } from '../test/support/reflection-fixtures.js';

export function review<App>(model: ModelRunner, source: ReflectionSource<App>,
authorize: (question: string, context: OperationContext<App>) => Promise<void>) {
return defineReflection({ model, source, authorize,
maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 64, maxEvidenceChars: 12000 });
}

export function logSource<App>(reader: ReflectionLogReader, traceId: string,
authorize: (context: OperationContext<App>) => Promise<void>) {
return defineReflectionLogSource({ reader, traceId, id: 'authorized-history', authorize });
}

interface SupportApp {
  readonly user: string;
  readonly allowedTraces: readonly string[];
}

describe('seed examples (ReflectionSource page)', () => {
  it('review(model, logSource(reader, traceId, authorize), authorize) reviews a real trace and cites its records', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'reflection-seed-'));
    const store = createFileLogStore({ directory });
    try {
      // A real trace: two runner calls logged into the store, one of them failing.
      const traceLog = store.open('support-42', 'conversation');
      const replies = new ModelRunner({ provider: createScriptedProvider(['Hello!', { error: new Error('upstream 503') }]), retry: { attempts: 1 } });
      const controller = new AbortController();
      await replies.invoke({ input: 'hi', stageId: 'reply', context: { app: {}, logger: traceLog, signal: controller.signal } });
      await replies.invoke({ input: 'help', stageId: 'reply', context: { app: {}, logger: traceLog, signal: controller.signal } }).catch(() => undefined);
      traceLog.record('ticket.escalated', { reason: 'no reply' });
      await store.flush();

      const checks: string[] = [];
      const source = logSource<SupportApp>(store.reader, 'support-42', async (context) => {
        checks.push(`query:${context.app.user}`);
        if (!context.app.allowedTraces.includes('support-42')) throw new Error('not allowed');
      });
      const provider = createScriptedProvider([
        { toolCalls: [{ toolId: 'query_evidence', args: { types: ['model.end', 'ticket.escalated'], limit: 10 } }] },
        (request) => {
          const [result] = lastToolResults(request);
          const items = result?.items as { id: string; type: string; text: string }[];
          const failed = items.find((item) => item.type === 'model.end' && item.text.includes('"ok":false'));
          const escalated = items.find((item) => item.type === 'ticket.escalated');
          return {
            toolCalls: [
              {
                toolId: 'submit_report',
                args: {
                  summary: 'The second reply failed at the provider, so the ticket was escalated.',
                  findings: [
                    { claim: 'The second model call failed', evidenceIds: [failed!.id] },
                    { claim: 'The ticket was escalated', evidenceIds: [escalated!.id] },
                  ],
                },
              },
            ],
          };
        },
      ]);
      const reflection = review<SupportApp>(new ModelRunner({ provider }), source, async (question, context) => {
        checks.push(`question:${context.app.user}:${question}`);
      });
      const report = await reflection.run('Why was ticket 42 escalated?', { app: { user: 'ada', allowedTraces: ['support-42'] }, signal: controller.signal });

      expect(checks).toEqual(['question:ada:Why was ticket 42 escalated?', 'query:ada']);
      expect(report.stoppedBy).toBe('report');
      expect(report.summary).toBe('The second reply failed at the provider, so the ticket was escalated.');
      expect(report.findings.map((finding) => finding.claim)).toEqual(['The second model call failed', 'The ticket was escalated']);
      expect(report.evidence.map((item) => [item.type, item.sourceId, item.run])).toEqual([
        ['model.end', 'authorized-history', 'support-42'],
        ['ticket.escalated', 'authorized-history', 'support-42'],
      ]);
      expect(report.evidence[0]?.data).toMatchObject({ data: { ok: false, code: 'PROVIDER_FAILED' } });
      expect(report.evidence.every((item) => /^support-42:\d+$/.test(item.id))).toBe(true);
      expect(report.coverage).toMatchObject({ calls: 2, pages: 1, events: 3, consistency: 'best-effort', complete: true, gaps: [] });
    } finally {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('fails closed with UNAUTHORIZED when the log source authorization rejects, and nothing is read', async () => {
    const reads: string[] = [];
    const reader: ReflectionLogReader = { read: async (request) => { reads.push(request.traceId); return { records: [], complete: true, gaps: [] }; } };
    const source = logSource<SupportApp>(reader, 'support-42', async (context) => {
      if (!context.app.allowedTraces.includes('support-42')) throw new Error('trace not shared with this user');
    });
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'query_evidence', args: { limit: 5 } }] }]);
    const reflection = review<SupportApp>(new ModelRunner({ provider }), source, async () => {});
    await expect(reflection.run('What happened?', { app: { user: 'eve', allowedTraces: [] }, signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringContaining('trace not shared with this user') as string,
    });
    expect(reads).toEqual([]);
  });

  it('refuses a query naming another run with UNAUTHORIZED', async () => {
    const reads: string[] = [];
    const reader: ReflectionLogReader = { read: async (request) => { reads.push(request.traceId); return { records: [], complete: true, gaps: [] }; } };
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'query_evidence', args: { run: 'support-43', limit: 5 } }] }]);
    const reflection = review(new ModelRunner({ provider }), logSource(reader, 'support-42', async () => {}), async () => {});
    await expect(reflection.run('What happened?', { app: undefined, signal: new AbortController().signal })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(reads).toEqual([]);
  });
});
