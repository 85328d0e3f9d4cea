import { ModelRunner, Type, assembleContextPlan, validateContextFragment } from '@jangts/agent-core';
import { defineReflection, defineReflectionLogSource } from '@jangts/agent-core/kits/reflection';
import { defineTurn } from '@jangts/agent-core/kits/turn';
import { createAnthropicProvider } from '@jangts/agent-core/providers/anthropic';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { createReplyPreview } from '@jangts/agent-core/support';
import { createFileLogStore } from '@jangts/agent-core/trace/file';
import type { ContextFragment } from '@jangts/agent-core/types';
import { describe, expect, it } from 'vitest';
import { caughtSync, detail } from './support.js';

// SPEC §8: one message form `<subject>: <field> <problem>`, one details shape, "is required" for a
// missing field, a did-you-mean suggestion and the known names for an unknown one.
const model = new ModelRunner({ provider: createScriptedProvider([]) });
const source = { id: 's', description: 'd', authorize: () => undefined, query: async () => ({ items: [], coverage: { consistency: 'snapshot' as const, complete: true, gaps: [] } }) };
const tool = { spec: { id: 'a', description: 'd', parameters: Type.Object({}) }, approval: 'auto' as const, execute: () => 'x' };
const reflectionOptions = { model, source, authorize: async () => undefined, reserveCalls: 1, maxPages: 1, maxEvents: 1, maxEvidenceChars: 1 };

describe('one door for every public input (SPEC §8)', () => {
  it.each([
    ['new ModelRunner', () => new ModelRunner({} as never), 'CONFIG_INVALID', 'provider'],
    ['createReplyPreview', () => createReplyPreview({ sink: () => undefined } as never), 'CONFIG_INVALID', 'rules'],
    ['defineReflection', () => defineReflection(reflectionOptions as never), 'CONFIG_INVALID', 'maxCalls'],
    ['defineReflectionLogSource', () => defineReflectionLogSource({ reader: { read: async () => ({ records: [], complete: true, gaps: [] }) }, traceId: 't', authorize: async () => undefined } as never), 'CONFIG_INVALID', 'id'],
    ['defineTurn', () => defineTurn({ model, tools: [tool], maxToolCalls: 1, maxInputChars: 1, maxToolResultChars: 1 } as never), 'CONFIG_INVALID', 'maxSteps'],
    ['createAnthropicProvider', () => createAnthropicProvider({ model: 'm' } as never), 'CONFIG_INVALID', 'maxTokens'],
    ['createFileLogStore', () => createFileLogStore({} as never), 'CONFIG_INVALID', 'directory'],
    ['validateContextFragment', () => validateContextFragment({ id: 'a', sourceId: 's', trust: 'user', lifetime: 'turn', maxChars: 1, role: 'user' } as unknown as ContextFragment), 'FRAGMENT_INVALID', 'fragment.value'],
    ['assembleContextPlan', () => assembleContextPlan({ fragments: [], originalFragments: [], mutableFragmentIds: [] } as never), 'CONFIG_INVALID', 'maxInputChars'],
  ])('%s says a missing field "is required"', (_subject, call, code, field) => {
    const error = caughtSync(call);
    expect(error.code).toBe(code);
    expect(error.details).toMatchObject({ field, rule: 'required' });
    expect(error.message).toMatch(new RegExp(`^[^:]+: ${field.replace('.', '\\.')} is required`));
  });

  it.each([
    ['createReplyPreview', () => createReplyPreview({ rules: [{ toolID: 'x' }], sink: () => undefined } as never), 'rules[0].toolID', 'toolId'],
    ['defineReflection', () => defineReflection({ ...reflectionOptions, maxcalls: 2 } as never), 'maxcalls', 'maxCalls'],
    ['validateContextFragment', () => validateContextFragment({ id: 'a', sourceId: 's', trust: 'user', lifetime: 'turn', maxchars: 1, role: 'user', value: 'x' } as never), 'fragment.maxchars', 'maxChars'],
    ['createScriptedProvider', () => createScriptedProvider([{ txt: 'x' }] as never), 'steps[0].txt', 'text'],
  ])('%s suggests the close name for an unknown field and lists the known ones', (_subject, call, field, suggestion) => {
    const error = caughtSync(call);
    expect(error.details).toMatchObject({ field, rule: 'unknown', suggestion });
    expect(detail(error, 'expected')).toContain(suggestion);
    expect(typeof error.details['path']).toBe('string');
  });
});
