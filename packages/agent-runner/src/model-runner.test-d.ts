import type { AgentCoreError, DiagnosticContext, ModelResult, OperationContext, ToolProposal } from '@jangts/agent-types';
import { describe, expectTypeOf, it } from 'vitest';
import { ModelRunner, type ModelRunResult } from './index.js';
import { createScriptedProvider, type ScriptedProvider } from './providers/scripted.js';

describe('ModelRunner', () => {
  it('accepts the seed provider and resolves to a ModelResult', () => {
    const runner = new ModelRunner({
      provider: {
        async *stream() {
          yield '你好';
          yield ',Core';
        },
      },
    });
    expectTypeOf(runner.invoke({ input: '你好', stageId: 'reply' })).resolves.toEqualTypeOf<ModelRunResult>();
    expectTypeOf<ModelRunResult>().toExtend<ModelResult>();
    expectTypeOf<ModelRunResult['value']>().toEqualTypeOf<string | readonly ToolProposal[]>();
    expectTypeOf<ModelRunResult['warnings']>().toEqualTypeOf<readonly AgentCoreError[]>();
    expectTypeOf<ModelRunResult['diagnostics']>().toEqualTypeOf<DiagnosticContext | undefined>();
  });

  it('takes an App-typed operation context', () => {
    const runner = new ModelRunner({ provider: createScriptedProvider([]) });
    const context: OperationContext<{ userId: string }> = { app: { userId: 'u' }, signal: new AbortController().signal };
    expectTypeOf(runner.invoke({ input: 'x', stageId: 's', context })).resolves.toExtend<ModelResult>();
  });
});

describe('createScriptedProvider', () => {
  it('returns a provider exposing its requests', () => {
    expectTypeOf(createScriptedProvider(['a'])).toEqualTypeOf<ScriptedProvider>();
    expectTypeOf(createScriptedProvider(['a']).requests[0]?.stageId).toEqualTypeOf<string | undefined>();
  });
});
