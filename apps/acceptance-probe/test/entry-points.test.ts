import * as root from '@jangts/agent-core';
import { AGENT_CORE_ERROR_CODES, AgentCoreError, Type } from '@jangts/agent-core';
import * as structs from '@jangts/agent-core/structs';
import * as kits from '@jangts/agent-core/kits';
import * as contextEntry from '@jangts/agent-core/context';
import * as support from '@jangts/agent-core/support';
import * as scripted from '@jangts/agent-core/providers/scripted';
import * as openai from '@jangts/agent-core/providers/openai-compatible';
import * as anthropic from '@jangts/agent-core/providers/anthropic';
import * as aiSdk from '@jangts/agent-core/providers/ai-sdk';
import * as typesPackage from '@jangts/agent-types';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';

describe('umbrella entry points (SPEC §1)', () => {
  it('the root gives ModelRunner, Support, AgentCoreError and the three context functions', () => {
    expect(typeof root.ModelRunner).toBe('function');
    expect(typeof root.Support.createReplyPreview).toBe('function');
    expect(typeof root.AgentCoreError).toBe('function');
    for (const name of ['validateContextFragment', 'assembleFragments', 'assembleContextPlan'] as const) expect(typeof root[name]).toBe('function');
  });

  it('/context gives the context functions, /support createReplyPreview, /kits the reflection namespace', () => {
    for (const name of ['validateContextFragment', 'assembleFragments', 'assembleContextPlan', 'assembleConversation'] as const) expect(typeof contextEntry[name]).toBe('function');
    expect(typeof support.createReplyPreview).toBe('function');
    expect(typeof kits.reflection.defineReflection).toBe('function');
    expect(typeof kits.reflection.defineReflectionLogSource).toBe('function');
  });

  it('each provider subpath gives its factory', () => {
    expect(typeof scripted.createScriptedProvider).toBe('function');
    expect(typeof openai.createOpenAICompatibleProvider).toBe('function');
    expect(typeof anthropic.createAnthropicProvider).toBe('function');
    expect(typeof aiSdk.fromAiSdkModel).toBe('function');
  });

  it('/structs holds runtime TypeBox schemas matching the types', () => {
    const fragment = Compile(structs.ContextFragmentSchema);
    expect(fragment.Check({ id: 'a', sourceId: 's', trust: 'user', lifetime: 'turn', maxChars: 5, role: 'user', value: 'x' })).toBe(true);
    expect(fragment.Check({ id: 'a', sourceId: 's', trust: 'root', lifetime: 'turn', maxChars: 5, role: 'user', value: 'x' })).toBe(false);
    const event = Compile(structs.OutputEventSchema);
    expect(event.Check({ type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] })).toBe(true);
    expect(event.Check({ type: 'stage-end', stageId: 's', ok: false, code: 'ABORTED' })).toBe(true);
    const page = Compile(structs.ReflectionPageSchema);
    expect(page.Check({ items: [{ id: 'e', type: 't', text: 'x' }], coverage: { consistency: 'snapshot', complete: null, gaps: [] } })).toBe(true);
    expect(page.Check({ items: [], coverage: { consistency: 'eventual', complete: true, gaps: [] } })).toBe(false);
    expect(typeof structs.ReplyPreviewRuleSchema).toBe('object');
  });

  it('re-exports TypeBox Type', () => {
    expect(Type.Object({ a: Type.String() })).toMatchObject({ type: 'object' });
  });
});

describe('AgentCoreError (SPEC §2)', () => {
  it('extends Error with a stable code and JSON details', () => {
    const error = new AgentCoreError('INPUT_BUDGET', 'too long', { details: { field: 'x', limit: 3 } });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('INPUT_BUDGET');
    expect(error.details).toEqual({ field: 'x', limit: 3 });
    expect(AgentCoreError.isInstance(error)).toBe(true);
    expect(typesPackage.AgentCoreError).toBe(AgentCoreError);
  });

  it('documents every code SPEC §2 names', () => {
    for (const code of ['FRAGMENT_INVALID', 'FRAGMENT_DUPLICATE', 'FRAGMENT_BUDGET', 'TRUST_VIOLATION', 'INPUT_BUDGET', 'PLAN_VIOLATION', 'CONFIG_INVALID', 'PROVIDER_FAILED', 'OUTPUT_INVALID', 'ABORTED', 'UNAUTHORIZED', 'PAGE_INVALID', 'BUDGET_EXHAUSTED', 'APPROVAL_INVALID']) {
      expect(AGENT_CORE_ERROR_CODES).toContain(code);
    }
  });

  it('refuses an unknown code with an AgentCoreError, never a bare TypeError', () => {
    let thrown: unknown;
    try {
      new AgentCoreError('NOT_A_CODE' as never, 'x');
    } catch (error) {
      thrown = error;
    }
    expect(AgentCoreError.isInstance(thrown)).toBe(true);
  });
});

describe('DiagnosticContext (SPEC §2)', () => {
  it('maps onto an OpenTelemetry span context and a W3C traceparent', () => {
    const parent = root.createDiagnosticContext();
    expect(parent.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parent.spanId).toMatch(/^[0-9a-f]{16}$/);
    const child = root.createDiagnosticContext(parent, { 'a.b': 1 });
    expect(child.traceId).toBe(parent.traceId);
    expect(child.parentSpanId).toBe(parent.spanId);
    expect(child.attributes).toEqual({ 'a.b': 1 });
    expect(root.toTraceparent(child)).toMatch(new RegExp(`^00-${child.traceId}-${child.spanId}-0[01]$`));
  });
});
