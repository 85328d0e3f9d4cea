import { AgentCoreError } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTools, type CompiledTool } from '../input/compile-tools.js';
import { ToolCallCollector } from './tool-call-collector.js';
import { cutText } from '../../test/support/cut-text.js';

/** A tool whose arguments may be any JSON value, so that the parse alone decides: compiled as a tool stage compiles it (which loads the streaming reader too). */
const [ANY] = (await compileTools([{ id: 'any', description: 'anything', parameters: {} }])) as [CompiledTool];
const TOOLS = new Map([['any', ANY]]);

/** The arguments the collector makes of `pieces`, or the error it refuses them with. */
function collect(pieces: readonly string[], streamParseChars: number): { args?: unknown; error?: AgentCoreError } {
  const collector = new ToolCallCollector('stage', TOOLS, streamParseChars);
  for (const piece of pieces) collector.add('call-1', 'any', piece);
  try {
    return { args: collector.finalize('tool-calls')[0]?.args };
  } catch (error) {
    if (!AgentCoreError.isInstance(error)) throw error;
    return { error };
  }
}

/** JSON texts, valid and not: whole documents, documents cut short or with a character changed, and arbitrary text. */
const texts = fc.oneof(
  fc.json(),
  fc.tuple(fc.json(), fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
  fc.tuple(fc.json(), fc.nat(), fc.constantFrom('"', '\\', '}', ']', ',', ':', '\u0001', 'x', ' ', '\ud800')).map(
    ([text, at, character]) => text.slice(0, at % (text.length + 1)) + character + text.slice((at % (text.length + 1)) + 1),
  ),
  fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', '1', '-', 'e', '.', 't', 'n', ' ', 'u', 'a') }),
);

describe('ToolCallCollector', () => {
  it('parses arguments streamed past its limit as they stream, to what JSON.parse makes of them, refusing what JSON.parse refuses', () => {
    fc.assert(
      fc.property(texts, fc.array(fc.nat(), { maxLength: 8 }), fc.nat({ max: 4 }), (text, cuts, limit) => {
        const held = collect(cutText(text, cuts), Number.POSITIVE_INFINITY);
        const streamed = collect(cutText(text, cuts), limit);
        let expected: unknown;
        let valid = true;
        try {
          expected = text.trim() === '' ? {} : JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(held.error === undefined).toBe(valid);
        expect(streamed.error === undefined).toBe(valid);
        if (valid) {
          expect(held.args).toStrictEqual(expected);
          expect(streamed.args).toStrictEqual(expected);
        } else {
          expect(streamed.error?.details).toMatchObject({ reason: 'json', toolId: 'any', argsExcerpt: text.slice(0, 200) });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('holds no argument text once a call outgrew the limit, and the excerpt of a refusal is still the text’s start', () => {
    const collector = new ToolCallCollector('stage', TOOLS, 1000);
    const bubble = JSON.stringify('界'.repeat(300));
    collector.add('call-1', 'any', '[');
    for (let index = 0; index < 10; index++) collector.add('call-1', 'any', `${bubble},`);
    expect(collector.heldChars).toBe(0);
    collector.add('call-1', 'any', '}');
    let refusal: unknown;
    try {
      collector.finalize('tool-calls');
    } catch (error) {
      refusal = error;
    }
    expect(AgentCoreError.isInstance(refusal) && refusal.details).toMatchObject({ reason: 'json', argsExcerpt: `[${bubble},`.slice(0, 200) });
  });

  it('holds the text of a call within the limit, and reads a text that grows past it from its first character', () => {
    const collector = new ToolCallCollector('stage', TOOLS, 10);
    collector.add('call-1', 'any', '{"a": ');
    expect(collector.heldChars).toBe(6);
    collector.add('call-1', 'any', '"0123456789"');
    collector.add('call-1', 'any', ', "__proto__": [1, -0.5e3, true, null]}  ');
    expect(collector.heldChars).toBe(0);
    const [proposal] = collector.finalize('tool-calls');
    expect(proposal?.args).toStrictEqual(JSON.parse('{"a": "0123456789", "__proto__": [1, -0.5e3, true, null]}'));
    expect(Object.getPrototypeOf(proposal?.args)).toBe(Object.prototype);
  });
});
