import type { ModelRunner } from '@jangts/agent-runner';
import type { OperationContext, ReflectionLogReader } from '@jangts/agent-types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  defineReflection,
  defineReflectionLogSource,
  type Reflection,
  type ReflectionCoverage,
  type ReflectionQuery,
  type ReflectionReport,
  type ReflectionSource,
  type ReflectionStopReason,
} from './index.js';

interface App {
  readonly tenant: string;
}

declare const model: ModelRunner;
declare const reader: ReflectionLogReader;

describe('defineReflection types', () => {
  it('infers App from the source and types run by it', () => {
    const source = defineReflectionLogSource({ reader, traceId: 't', id: 'history', authorize: async (context: OperationContext<App>) => {
      expectTypeOf(context.app.tenant).toEqualTypeOf<string>();
    } });
    expectTypeOf(source).toEqualTypeOf<ReflectionSource<App>>();
    const reflection = defineReflection({ model, source, authorize: async (question, context) => {
      expectTypeOf(question).toEqualTypeOf<string>();
      expectTypeOf(context).toEqualTypeOf<OperationContext<App>>();
    }, maxCalls: 4, reserveCalls: 1, maxPages: 4, maxEvents: 64, maxEvidenceChars: 12000 });
    expectTypeOf(reflection).toEqualTypeOf<Reflection<App>>();
    expectTypeOf(reflection.run).parameters.toEqualTypeOf<[string, OperationContext<App>]>();
    expectTypeOf(reflection.run).returns.resolves.toEqualTypeOf<ReflectionReport>();
  });

  it('has the report shape of the spec', () => {
    expectTypeOf<keyof ReflectionReport>().toEqualTypeOf<'question' | 'summary' | 'findings' | 'evidence' | 'coverage' | 'stoppedBy'>();
    expectTypeOf<keyof ReflectionCoverage>().toEqualTypeOf<'calls' | 'pages' | 'events' | 'evidenceChars' | 'consistency' | 'complete' | 'gaps'>();
    expectTypeOf<ReflectionStopReason>().toEqualTypeOf<'report' | 'no-report'>();
    expectTypeOf<keyof ReflectionQuery>().toEqualTypeOf<'run' | 'types' | 'cursor' | 'limit'>();
  });

  it('accepts a synchronous source authorize and refuses a source without query', () => {
    const _source: ReflectionSource<App> = {
      id: 's',
      description: 'd',
      authorize: () => undefined,
      query: async () => ({ items: [], coverage: { consistency: 'snapshot', complete: true, gaps: [] } }),
    };
    expectTypeOf<ReflectionSource<App>['authorize']>().returns.toEqualTypeOf<void | Promise<void>>();
    // @ts-expect-error a source needs query
    expectTypeOf({ id: 's', description: 'd', authorize: () => undefined }).toExtend<ReflectionSource<App>>();
  });
});
