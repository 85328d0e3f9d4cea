import { AgentCoreError, type InvokeRequest, type ModelProvider, type ProviderChunk } from '@jangts/agent-types';
import fc from 'fast-check';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from './model-runner.js';
import { cutText } from '../test/support/cut-text.js';

function replay(chunks: readonly unknown[]): ModelProvider {
  return {
    async *stream() {
      yield* chunks as (string | ProviderChunk)[];
    },
  };
}

const noteTool = {
  id: 'note',
  description: 'Write a note',
  parameters: Type.Object({ title: Type.String(), tags: Type.Array(Type.String()), score: Type.Integer(), extra: Type.Optional(Type.Unknown()) }),
};
const noteArgs = fc.record(
  { title: fc.string({ unit: 'binary' }), tags: fc.array(fc.string()), score: fc.integer(), extra: fc.jsonValue() },
  { requiredKeys: ['title', 'tags', 'score'] },
);

describe('ModelRunner', () => {
  it('gives the same text for any chunking of the same output (bare strings, text chunks, empty deltas)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), fc.array(fc.nat()), fc.array(fc.boolean()), async (text, points, asChunk) => {
        const chunks = cutText(text, points).map((piece, index) => (asChunk[index] === true ? { type: 'text', text: piece } : piece));
        const result = await new ModelRunner({ provider: replay(chunks) }).invoke({ input: 'x', stageId: 's' });
        expect(result.value).toBe(text);
        expect(result.text).toBe(text);
      }),
    );
  });

  it('gives the same proposals for any chunking and interleaving of the same tool arguments', async () => {
    await fc.assert(
      fc.asyncProperty(noteArgs, noteArgs, fc.array(fc.nat()), fc.array(fc.nat()), fc.array(fc.boolean()), async (first, second, cutsA, cutsB, order) => {
        const piecesA = cutText(JSON.stringify(first), cutsA).map((argsDelta) => ({ type: 'tool-call', callId: 'a', toolId: 'note', argsDelta }));
        const piecesB = cutText(JSON.stringify(second), cutsB).map((argsDelta) => ({ type: 'tool-call', callId: 'b', toolId: 'note', argsDelta }));
        // Interleave the two calls, keeping each call's own order; call a starts first.
        const chunks: unknown[] = [piecesA.shift()];
        let step = 0;
        while (piecesA.length > 0 || piecesB.length > 0) {
          const takeA = piecesB.length === 0 || (piecesA.length > 0 && order[step++ % Math.max(1, order.length)] === true);
          chunks.push(takeA ? piecesA.shift() : piecesB.shift());
        }
        const result = await new ModelRunner({ provider: replay(chunks) }).invoke({ input: 'x', stageId: 's', tools: [noteTool] });
        expect(result.value).toEqual([
          { callId: 'a', toolId: 'note', args: JSON.parse(JSON.stringify(first)) },
          { callId: 'b', toolId: 'note', args: JSON.parse(JSON.stringify(second)) },
        ]);
      }),
    );
  });

  it('lets only AgentCoreError escape for arbitrary invoke requests', async () => {
    const runner = new ModelRunner({ provider: replay(['ok']) });
    const message = fc.record({ role: fc.constantFrom('system', 'user', 'assistant', 'tool', 'robot'), content: fc.anything(), callId: fc.anything() }, { requiredKeys: [] });
    const request = fc.oneof(
      fc.anything(),
      fc.record(
        {
          input: fc.oneof(fc.string(), fc.array(message), fc.record({ messages: fc.array(fc.anything()) }), fc.anything()),
          stageId: fc.oneof(fc.string(), fc.anything()),
          tools: fc.oneof(fc.array(fc.record({ id: fc.string(), description: fc.anything(), parameters: fc.anything() }, { requiredKeys: [] })), fc.anything()),
          signal: fc.anything(),
          context: fc.oneof(fc.record({ app: fc.anything(), signal: fc.constant(new AbortController().signal), logger: fc.anything(), diagnostics: fc.anything() }), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(request, async (candidate) => {
        const outcome: unknown = await runner.invoke(candidate as InvokeRequest).then(
          (result) => result,
          (error: unknown) => error,
        );
        if (outcome instanceof Error) expect(AgentCoreError.isInstance(outcome)).toBe(true);
      }),
    );
  });

  it('lets only AgentCoreError escape for arbitrary provider output', async () => {
    const chunk = fc.oneof(
      fc.string(),
      fc.anything(),
      fc.record({ type: fc.constant('text'), text: fc.anything() }),
      fc.record({ type: fc.constant('tool-call'), callId: fc.string(), toolId: fc.constantFrom('note', 'other'), argsDelta: fc.oneof(fc.string(), fc.anything()) }),
      fc.record({ type: fc.constant('finish'), reason: fc.constantFrom('stop', 'length', 'tool-calls', 'bogus'), usage: fc.anything() }, { requiredKeys: ['type'] }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { maxLength: 12 }), fc.boolean(), fc.integer({ min: 1, max: 50 }), async (chunks, withTools, maxOutputChars) => {
        const runner = new ModelRunner({ provider: replay(chunks), maxOutputChars });
        const outcome: unknown = await runner.invoke({ input: 'x', stageId: 's', ...(withTools ? { tools: [noteTool] } : {}) }).then(
          (result) => result,
          (error: unknown) => error,
        );
        if (outcome instanceof Error) expect(AgentCoreError.isInstance(outcome)).toBe(true);
      }),
    );
  });

  it('lets only AgentCoreError escape from the constructor for arbitrary options', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ provider: fc.anything(), sink: fc.anything(), retry: fc.anything(), timeoutMs: fc.anything() }, { requiredKeys: [] })), (options) => {
        try {
          new ModelRunner(options as never);
        } catch (error) {
          expect(AgentCoreError.isInstance(error)).toBe(true);
        }
      }),
    );
  });
});
