import { ModelRunner, Support, type OperationContext } from '@jangts/agent-core';
import { assembleContextPlan, assembleFragments, validateContextFragment } from '@jangts/agent-core/context';
import { defineReflection, defineReflectionLogSource } from '@jangts/agent-core/kits/reflection';
import type { ReflectionLogReader, ReflectionSource } from '@jangts/agent-core/kits/reflection';
import type { ReplyPreviewRule } from '@jangts/agent-core/support';
import type {
  ContextFragment,
  ContextLifetime,
  ContextTrust,
  DiagnosticContext,
  MaybePromise,
  ReflectionEvidence,
  ReflectionPage,
  ReflectionQuery,
  ReflectionSource as ReflectionSourceFromTypes,
  SubFlowLog,
} from '@jangts/agent-core/types';
import type { reflection } from '@jangts/agent-core/kits';
import type { ReflectionSource as ReflectionSourceFromStructs } from '@jangts/agent-core/structs';
import type { ReflectionSource as ReflectionSourceFromKits } from '@jangts/agent-core/kits';
import { describe, expectTypeOf, it } from 'vitest';

describe('the ReflectionSource page (seed)', () => {
  it('is the same type at every listed entry point', () => {
    expectTypeOf<ReflectionSourceFromTypes<{ a: 1 }>>().toEqualTypeOf<ReflectionSource<{ a: 1 }>>();
    expectTypeOf<reflection.ReflectionSource<{ a: 1 }>>().toEqualTypeOf<ReflectionSource<{ a: 1 }>>();
    expectTypeOf<ReflectionSourceFromStructs<{ a: 1 }>>().toEqualTypeOf<ReflectionSource<{ a: 1 }>>();
    expectTypeOf<ReflectionSourceFromKits<{ a: 1 }>>().toEqualTypeOf<ReflectionSource<{ a: 1 }>>();
  });

  it('has the fields and members of the page', () => {
    type App = { user: string };
    expectTypeOf<ReflectionSource<App>['id']>().toEqualTypeOf<string>();
    expectTypeOf<ReflectionSource<App>['description']>().toEqualTypeOf<string>();
    expectTypeOf<ReflectionSource<App>['authorize']>().toEqualTypeOf<(query: ReflectionQuery, context: OperationContext<App>) => MaybePromise<void>>();
    expectTypeOf<ReflectionSource<App>['query']>().toEqualTypeOf<(query: ReflectionQuery, context: OperationContext<App>) => Promise<ReflectionPage>>();
  });

  it('ReflectionQuery: run?, types?, cursor?, limit, all read-only', () => {
    expectTypeOf<ReflectionQuery["limit"]>().toEqualTypeOf<number>();
    expectTypeOf<ReflectionQuery['run']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReflectionQuery['types']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<ReflectionQuery['cursor']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<{ limit: 1 }>().toExtend<ReflectionQuery>();
    expectTypeOf<ReflectionQuery>().toEqualTypeOf<{ readonly run?: string; readonly types?: readonly string[]; readonly cursor?: string; readonly limit: number }>();
  });

  it('ReflectionPage: items, cursor?, coverage', () => {
    expectTypeOf<ReflectionPage['items']>().toEqualTypeOf<readonly ReflectionEvidence[]>();
    expectTypeOf<ReflectionPage['cursor']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReflectionPage['coverage']['consistency']>().toEqualTypeOf<'best-effort' | 'snapshot'>();
    expectTypeOf<ReflectionPage['coverage']['complete']>().toEqualTypeOf<boolean | null>();
    expectTypeOf<ReflectionPage['coverage']['gaps']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<ReflectionPage>().toEqualTypeOf<{
      readonly items: readonly ReflectionEvidence[];
      readonly cursor?: string;
      readonly coverage: { readonly consistency: 'best-effort' | 'snapshot'; readonly complete: boolean | null; readonly gaps: readonly string[] };
    }>();
  });

  it('ReflectionSource has exactly the four read-only members', () => {
    type App = { user: string };
    expectTypeOf<ReflectionSource<App>>().toEqualTypeOf<{
      readonly id: string;
      readonly description: string;
      readonly authorize: (query: ReflectionQuery, context: OperationContext<App>) => MaybePromise<void>;
      readonly query: (query: ReflectionQuery, context: OperationContext<App>) => Promise<ReflectionPage>;
    }>();
  });

  it('OperationContext: app, logger?, signal, diagnostics?', () => {
    expectTypeOf<OperationContext<{ a: number }>>().toEqualTypeOf<{
      readonly app: Readonly<{ a: number }>;
      readonly logger?: SubFlowLog;
      readonly signal: AbortSignal;
      readonly diagnostics?: DiagnosticContext;
    }>();
    expectTypeOf<OperationContext<{ a: number }>['app']>().toEqualTypeOf<Readonly<{ a: number }>>();
    expectTypeOf<OperationContext['app']>().toEqualTypeOf<unknown>();
    expectTypeOf<OperationContext<{ a: number }>['signal']>().toEqualTypeOf<AbortSignal>();
    expectTypeOf<OperationContext<{ a: number }>['logger']>().toEqualTypeOf<SubFlowLog | undefined>();
    expectTypeOf<OperationContext<{ a: number }>['diagnostics']>().toEqualTypeOf<DiagnosticContext | undefined>();
  });

  it('type-checks the page example review<App>(model, source, authorize)', () => {
    function review<App>(model: ModelRunner, source: ReflectionSource<App>, authorize: (question: string, context: OperationContext<App>) => Promise<void>) {
      return defineReflection({ model, source, authorize, maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 64, maxEvidenceChars: 12000 });
    }
    expectTypeOf(review<{ user: string }>).returns.toHaveProperty('run');
  });

  it('type-checks the page example logSource<App>(reader, traceId, authorize)', () => {
    function logSource<App>(reader: ReflectionLogReader, traceId: string, authorize: (context: OperationContext<App>) => Promise<void>) {
      return defineReflectionLogSource({ reader, traceId, id: 'authorized-history', authorize });
    }
    expectTypeOf(logSource<{ user: string }>).returns.toExtend<ReflectionSource<{ user: string }>>();
  });
});

describe('the ReplyPreviewRule page (seed)', () => {
  it('has toolId?, stageId?, paths?, when?', () => {
    expectTypeOf<ReplyPreviewRule['toolId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReplyPreviewRule['stageId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReplyPreviewRule['paths']>().toEqualTypeOf<readonly (readonly string[])[] | undefined>();
    expectTypeOf<NonNullable<ReplyPreviewRule['when']>>().toExtend<{ path: readonly string[]; values: readonly string[] }>();
    // Every field is optional: an empty rule is a rule.
    const emptyRule = {};
    expectTypeOf(emptyRule).toExtend<ReplyPreviewRule>();
  });

  it('type-checks both examples: an async sink, maxChars, and the preview as a runner sink', () => {
    const preview = Support.createReplyPreview({ rules: [{ stageId: 'reply' }], sink: (bubbles) => { expectTypeOf(bubbles).toExtend<readonly string[]>(); } });
    const runner = new ModelRunner({ provider: { async *stream() { yield '你好'; yield ',Core'; } }, sink: { output: preview } });
    expectTypeOf(runner.invoke({ input: '你好', stageId: 'reply' })).resolves.toHaveProperty('value').toEqualTypeOf<string>();
    Support.createReplyPreview({
      rules: [{ stageId: 'reply', toolId: 'reply', paths: [['answer'], ['bubbles', '*']], when: { path: ['kind'], values: ['reply'] } }],
      sink: async (bubbles) => { expectTypeOf(bubbles).toExtend<readonly string[]>(); },
      maxChars: 4000,
    });
  });
});

describe('the validateContextFragment page (seed)', () => {
  it('validateContextFragment(fragment: ContextFragment, ids?: Set<string>, checkBudget?: boolean): string', () => {
    expectTypeOf(validateContextFragment).parameter(0).toEqualTypeOf<ContextFragment>();
    expectTypeOf(validateContextFragment).parameter(1).toEqualTypeOf<Set<string> | undefined>();
    expectTypeOf(validateContextFragment).parameter(2).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(validateContextFragment).returns.toEqualTypeOf<string>();
  });

  it('ContextFragment has the seven fields of the page', () => {
    expectTypeOf<ContextFragment['id']>().toEqualTypeOf<string>();
    expectTypeOf<ContextFragment['sourceId']>().toEqualTypeOf<string>();
    expectTypeOf<ContextFragment['trust']>().toEqualTypeOf<ContextTrust>();
    expectTypeOf<ContextFragment['lifetime']>().toEqualTypeOf<ContextLifetime>();
    expectTypeOf<ContextFragment['maxChars']>().toEqualTypeOf<number>();
    expectTypeOf<ContextFragment['role']>().toEqualTypeOf<'system' | 'user'>();
    expectTypeOf<ContextFragment['value']>().toEqualTypeOf<string | Record<string, unknown>>();
    expectTypeOf<ContextTrust>().toEqualTypeOf<'system' | 'app' | 'user' | 'tool'>();
    expectTypeOf<ContextLifetime>().toEqualTypeOf<'static' | 'session' | 'turn' | 'call'>();
  });

  it('type-checks both examples as written', () => {
    const input = assembleFragments([{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: '现在服务状态怎样?' }], 2000);
    expectTypeOf(input.inputChars).toEqualTypeOf<number>();
    const fragments: ContextFragment[] = [{ id: 'question', sourceId: 'request', trust: 'user', lifetime: 'turn', maxChars: 1000, role: 'user', value: '现在服务状态怎样?' }];
    const plan = assembleContextPlan({ fragments, originalFragments: fragments, mutableFragmentIds: [], maxInputChars: 2000 });
    expectTypeOf(plan.inputChars).toEqualTypeOf<number>();
  });
});
