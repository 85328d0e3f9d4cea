import { AgentCoreError } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { defineReflection } from './define-reflection.js';
import { defineReflectionLogSource } from './define-reflection-log-source.js';
import { call, makeItems, memorySource, scriptedModel, testContext } from '../test/support/reflection-fixtures.js';

const budgets = { maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 64, maxEvidenceChars: 12_000 };

async function failure(promise: Promise<unknown>): Promise<AgentCoreError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(AgentCoreError.isInstance(error)).toBe(true);
  return error as AgentCoreError;
}

describe('defineReflection authorization', () => {
  const hostileHooks: [string, () => Promise<void>][] = [
    ['throws', () => { throw new Error('not your trace'); }],
    ['rejects', () => Promise.reject(new Error('not your trace'))],
    ['rejects with a non-error', () => Promise.reject(new AgentCoreError('SOURCE_FAILED', 'nope'))],
    // Typed to return nothing; an App's `false` still means "denied" (fail closed).
    ['resolves to false', () => Promise.resolve(false as unknown as undefined)],
    ['returns false', () => false as unknown as Promise<void>],
  ];

  for (const [behaviour, hook] of hostileHooks) {
    it(`refuses the question with UNAUTHORIZED when authorize ${behaviour}, before the model or the source is touched`, async () => {
      const source = memorySource(makeItems(3));
      const { model, provider } = scriptedModel([call('query_evidence', { limit: 1 })]);
      const reflection = defineReflection({ model, source, authorize: hook, ...budgets });
      const error = await failure(reflection.run('q', testContext()));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.details).toMatchObject({ hook: 'authorize' });
      expect(source.authorizeCalls).toEqual([]);
      expect(source.queryCalls).toEqual([]);
      expect(provider.requests).toEqual([]);
    });

    it(`ends with UNAUTHORIZED when source.authorize ${behaviour}, and the source is never queried`, async () => {
      const source = memorySource(makeItems(3), { authorize: hook });
      const { model } = scriptedModel([call('query_evidence', { limit: 1 }), call('submit_report', { summary: 's', findings: [] })]);
      const error = await failure(defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext()));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.details).toEqual({ hook: 'source.authorize', sourceId: 'memory' });
      expect(source.authorizeCalls).toEqual([{ limit: 1 }]);
      expect(source.queryCalls).toEqual([]);
    });
  }

  it("quotes a log source's own refusal once: one `reflection:` prefix, the hook chain named", async () => {
    const source = defineReflectionLogSource({ reader: { read: async () => ({ records: [], complete: true, gaps: [] }) }, traceId: 'trace-a', id: 'history', authorize: () => { throw new Error('not allowed'); } });
    const { model } = scriptedModel([call('query_evidence', { limit: 1 })]);
    const reflection = defineReflection({ model, source, authorize: async () => {}, ...budgets });
    const error = await failure(reflection.run('What failed?', testContext()));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: 'reflection: source.authorize refused: authorize refused: not allowed', details: { hook: 'source.authorize', sourceId: 'history' } });
  });

  it('passes the question and the context to authorize', async () => {
    const seen: unknown[] = [];
    const context = testContext({ user: 'ada' });
    const { model } = scriptedModel([call('submit_report', { summary: 's', findings: [] })]);
    await defineReflection<{ user: string }>({
      model,
      source: memorySource([]),
      authorize: (question, received) => {
        seen.push(question, received);
      },
      ...budgets,
    }).run('why?', context);
    expect(seen).toEqual(['why?', context]);
  });

  it('authorizes each query with the exact query sent to the source, and can refuse a later one', async () => {
    let allowed = 1;
    const source = memorySource(makeItems(6), {
      authorize: (query) => {
        if (allowed-- <= 0) throw new Error(`limit ${query.limit} not allowed`);
      },
    });
    const { model } = scriptedModel([call('query_evidence', { limit: 2 }), call('query_evidence', { limit: 2, cursor: 'c2' })]);
    const error = await failure(defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext()));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toContain('limit 2 not allowed');
    expect(source.queryCalls).toEqual([{ limit: 2 }]);
    expect(source.authorizeCalls).toEqual([{ limit: 2 }, { cursor: 'c2', limit: 2 }]);
  });

  it('aborts a question authorization that never settles', async () => {
    const controller = new AbortController();
    const source = memorySource([]);
    const { model, provider } = scriptedModel([]);
    const reflection = defineReflection({
      model,
      source,
      authorize: () => {
        queueMicrotask(() => {
          controller.abort(new Error('user left'));
        });
        return new Promise<void>(() => undefined);
      },
      ...budgets,
    });
    const error = await failure(reflection.run('q', testContext(undefined, controller.signal)));
    expect(error.code).toBe('ABORTED');
    expect(provider.requests).toEqual([]);
  });

  it('is ABORTED, not UNAUTHORIZED or SOURCE_FAILED, when a hook fires the signal and then throws synchronously', async () => {
    const controller = new AbortController();
    const source = memorySource([]);
    const { model } = scriptedModel([]);
    const reflection = defineReflection({
      model,
      source,
      authorize: () => {
        controller.abort(new Error('cancel'));
        throw new Error('denied');
      },
      ...budgets,
    });
    const error = await failure(reflection.run('q', testContext(undefined, controller.signal)));
    expect(error.code).toBe('ABORTED');
    expect(error.details).toMatchObject({ step: 'while authorizing the question' });
  });

  it('aborts a query authorization that never settles, without querying', async () => {
    const controller = new AbortController();
    const source = memorySource(makeItems(2), {
      authorize: () => {
        queueMicrotask(() => {
          controller.abort();
        });
        return new Promise<void>(() => undefined);
      },
    });
    const { model } = scriptedModel([call('query_evidence', { limit: 1 })]);
    const error = await failure(defineReflection({ model, source, authorize: async () => {}, ...budgets }).run('q', testContext(undefined, controller.signal)));
    expect(error.code).toBe('ABORTED');
    expect(source.queryCalls).toEqual([]);
  });
});
