import { ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider } from '@jangts/agent-runner/providers/scripted';
import * as Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineTurn } from './define-turn.js';
import { LOOKUP_ORDER, REPLY } from './testing/turn-fixtures.js';

const model = new ModelRunner({ provider: createScriptedProvider([]) });
const lookup = { spec: LOOKUP_ORDER, execute: () => 'x', approval: 'auto' as const };
const valid = { model, tools: [lookup, { spec: REPLY }], finalToolId: 'reply', maxSteps: 3, maxToolCalls: 0, maxInputChars: 100, maxToolResultChars: 10 };

/** What `defineTurn(options)` throws. */
function refusal(options: Record<string, unknown>): unknown {
  try {
    defineTurn(options as never);
  } catch (error) {
    return error;
  }
  return expect.unreachable('the options were accepted');
}

describe('defineTurn options', () => {
  it('accepts valid options: a ModelRunner or any object with invoke, optional stage, duration and preview', () => {
    expect(() => defineTurn(valid)).not.toThrow();
    expect(() => defineTurn({ ...valid, model: { invoke: () => Promise.reject(new Error('unused')) }, stageId: 'support/agent', maxDurationMs: 1000, preview: { write: () => undefined } })).not.toThrow();
  });

  const cases: [Record<string, unknown>, string, string, Record<string, unknown>][] = [
    [{ maxStep: 3 }, 'maxStep', 'unknown', { suggestion: 'maxSteps' }],
    [{ maxSteps: 0 }, 'maxSteps', 'range', { limit: 1 }],
    [{ maxToolCalls: -1 }, 'maxToolCalls', 'range', { limit: 0 }],
    [{ maxInputChars: 1.5 }, 'maxInputChars', 'type', {}],
    [{ maxToolResultChars: undefined }, 'maxToolResultChars', 'required', {}],
    [{ maxDurationMs: 0 }, 'maxDurationMs', 'range', { limit: 1 }],
    [{ model: { stream: () => undefined } }, 'model.invoke', 'required', {}],
    [{ preview: (event: unknown) => event }, 'preview.write', 'required', {}],
    [{ stageId: '9lives' }, 'stageId', 'pattern', {}],
    [{ tools: [] }, 'tools', 'length', { limit: 1 }],
    [{ tools: [{ ...lookup, execute: undefined }] }, 'tools[0].execute', 'required', {}],
    [{ tools: [{ ...lookup, approval: 'never' }] }, 'tools[0].approval', 'enum', {}],
    [{ tools: [{ spec: LOOKUP_ORDER, execute: () => 'x' }] }, 'tools[0].approval', 'required', {}],
    [{ tools: [lookup, lookup] }, 'tools[1].spec.id', 'duplicate', {}],
    [{ tools: [lookup, { spec: REPLY, execute: () => 'x' }] }, 'tools[1].execute', 'final', {}],
    [{ finalToolId: 'send' }, 'finalToolId', 'unknown', {}],
    [{ tools: [{ ...lookup, spec: { ...LOOKUP_ORDER, id: 'look up' } }] }, 'tools[0].spec.id', 'pattern', {}],
    [{ tools: [{ ...lookup, spec: { ...LOOKUP_ORDER, parameters: { type: 'string' } } }] }, 'tools[0].spec.parameters', 'type', {}],
    [{ tools: [{ ...lookup, spec: { ...LOOKUP_ORDER, parameters: { type: 'object', properties: { a: { type: 'string', pattern: '(' } } } } }] }, 'tools[0].spec.parameters', 'schema', {}],
  ];

  it.each(cases)('refuses %j with CONFIG_INVALID naming %s (%s)', (change, field, rule, details) => {
    const options = { ...valid, ...change };
    if (!('tools' in change)) Object.assign(options, { tools: valid.tools });
    if ('tools' in change && !(change.tools as unknown[]).some((tool) => (tool as { spec?: { id?: string } }).spec?.id === 'reply')) delete (options as { finalToolId?: string }).finalToolId;
    expect(refusal(options)).toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(new RegExp(`^defineTurn options: ${field.replace(/[.[\]]/g, '\\$&')} `)) as string, details: { field, rule, ...details } });
  });

  it('refuses options that are not an object', () => {
    expect(refusal(model as never)).toMatchObject({ code: 'CONFIG_INVALID', details: { field: 'options' } });
  });

  it('types execute and approval by the tool schema', () => {
    const tool = { spec: { id: 'add', description: 'adds', parameters: Type.Object({ a: Type.Number(), b: Type.Number() }) }, execute: (args: { a: number; b: number }) => args.a + args.b, approval: 'auto' as const };
    expect(() => defineTurn({ ...valid, tools: [tool], finalToolId: undefined })).not.toThrow();
  });
});
