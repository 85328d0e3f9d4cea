import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import * as root from '../index.js';
import { compileSchema } from '../internal/schema-validator.js';
import * as structs from './index.js';
import { ModelResultSchema } from './model-structs.js';

const proposal = { callId: 'c1', toolId: 'search', args: { q: 'x' } };

describe('ModelResultSchema', () => {
  const validator = compileSchema(ModelResultSchema);

  it('is exported from the root and from the structs entry', () => {
    expect(root.ModelResultSchema).toBe(ModelResultSchema);
    expect(structs.ModelResultSchema).toBe(ModelResultSchema);
  });

  it.each<[string, unknown]>([
    ['a plain-text result', { stageId: 'reply', value: 'hi', text: 'hi', proposals: [], finishReason: 'stop' }],
    ['a plain-text result cut off at its length', { stageId: 'reply', value: 'h', text: 'h', proposals: [], finishReason: 'length', usage: { outputTokens: 1 } }],
    ['a tool result', { stageId: 'plan', value: [proposal], text: '', proposals: [proposal], finishReason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 4 } }],
    ['an empty usage', { stageId: 's', value: '', text: '', proposals: [], finishReason: 'stop', usage: {} }],
    ['an explicit undefined usage and token counts', { stageId: 's', value: '', text: '', proposals: [], finishReason: 'stop', usage: undefined }],
    ['explicit undefined token counts', { stageId: 's', value: '', text: '', proposals: [], finishReason: 'stop', usage: { inputTokens: undefined, outputTokens: 2 } }],
  ])('accepts %s', (_, result) => {
    expect(Value.Check(ModelResultSchema, result)).toBe(true);
    expect(validator.check(result)).toBe(true);
    expect(validator.issues(result)).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['a missing stageId', { value: 'hi', text: 'hi', proposals: [], finishReason: 'stop' }, ''],
    ['a value that is neither text nor proposals', { stageId: 's', value: 5, text: '', proposals: [], finishReason: 'stop' }, '/value'],
    ['a value listing a malformed proposal', { stageId: 's', value: [{ toolId: 't', args: {} }], text: '', proposals: [], finishReason: 'stop' }, '/value'],
    ['proposals that are not a list', { stageId: 's', value: '', text: '', proposals: {}, finishReason: 'stop' }, '/proposals'],
    ['a proposal with an empty tool id', { stageId: 's', value: '', text: '', proposals: [{ callId: 'c', toolId: '', args: {} }], finishReason: 'stop' }, '/proposals/0/toolId'],
    ['a text that is not a string', { stageId: 's', value: '', text: null, proposals: [], finishReason: 'stop' }, '/text'],
    ['a missing finish reason', { stageId: 's', value: '', text: '', proposals: [] }, ''],
    ['a negative token count', { stageId: 's', value: '', text: '', proposals: [], finishReason: 'stop', usage: { inputTokens: -1 } }, '/usage/inputTokens'],
    ['a fractional token count', { stageId: 's', value: '', text: '', proposals: [], finishReason: 'stop', usage: { outputTokens: 1.5 } }, '/usage/outputTokens'],
    ['a usage that is not an object', { stageId: 's', value: '', text: '', proposals: [], finishReason: 'stop', usage: 7 }, '/usage'],
  ])('refuses %s', (_, result, path) => {
    expect(Value.Check(ModelResultSchema, result)).toBe(false);
    expect(validator.check(result)).toBe(false);
    expect(validator.issues(result).map((issue) => issue.path)).toContain(path);
  });

  it('refuses what is not an object', () => {
    for (const value of [null, undefined, 'hi', [], 3]) expect(validator.check(value)).toBe(false);
  });
});
