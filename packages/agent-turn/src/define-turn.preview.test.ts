import { createReplyPreview } from '@jangts/agent-preview';
import { ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider, type ScriptedStep } from '@jangts/agent-runner/providers/scripted';
import type { OutputEvent, OutputSink } from '@jangts/agent-types';
import { describe, expect, it } from 'vitest';
import { defineTurn } from './define-turn.js';
import { FRAGMENTS, LOOKUP_ORDER, memoryLogger, REPLY, turnContext, type MemoryLogger } from './testing/turn-fixtures.js';

const BUDGETS = { maxSteps: 6, maxToolCalls: 6, maxInputChars: 100_000, maxToolResultChars: 1000 } as const;

/** A turn with `lookupOrder` (auto) and the final tool `reply`, over a scripted runner, `preview` as its preview. */
function previewTurn(steps: ScriptedStep[], preview: OutputSink) {
  return defineTurn({
    model: new ModelRunner({ provider: createScriptedProvider(steps) }),
    tools: [{ spec: LOOKUP_ORDER, execute: () => ({ status: 'shipped' }), approval: 'auto' }, { spec: REPLY }],
    finalToolId: 'reply',
    preview,
    ...BUDGETS,
  });
}

/** The kinds of what `logger` kept, in order: the turn's and the runner's records and what the preview was handed (`preview:<kind>`). */
function timeline(logger: MemoryLogger): string[] {
  return logger.records.map((record) => record.type).filter((type) => type.startsWith('preview') || type === 'model.start' || type === 'model.end' || type === 'turn.step');
}

const LOOK: ScriptedStep = { text: 'Let me look.', toolCalls: [{ toolId: 'lookupOrder', args: { orderId: '7' }, callId: 'c1' }], chunkSize: 4 };
const ANSWER: ScriptedStep = { toolCalls: [{ toolId: 'reply', args: { text: 'It shipped today.' }, callId: 'r1' }], chunkSize: 6 };

describe('defineTurn preview', () => {
  it('streams every step to the preview as the model writes it: each text and argument piece, before the call ends', async () => {
    const logger = memoryLogger();
    const events: OutputEvent[] = [];
    const preview = {
      write(event: OutputEvent) {
        events.push(event);
        logger.records.push({ type: `preview:${event.type}`, data: {} });
      },
    };
    const result = await previewTurn([LOOK, ANSWER], preview).run({ fragments: FRAGMENTS, context: turnContext(logger) });
    expect(result.status).toBe('done');
    const start = { type: 'stage-start', stageId: 'agent', mode: 'tools', toolIds: ['lookupOrder', 'reply'] };
    const text = (piece: string) => ({ type: 'text-delta', stageId: 'agent', text: piece });
    const args = (callId: string, toolId: string) => (argsDelta: string) => ({ type: 'tool-call-delta', stageId: 'agent', callId, toolId, argsDelta });
    expect(events).toEqual([
      start,
      ...['Let ', 'me l', 'ook.'].map(text),
      ...['{"or', 'derI', 'd":"', '7"}'].map(args('c1', 'lookupOrder')),
      { type: 'stage-end', stageId: 'agent', ok: true },
      start,
      ...['{"text', '":"It ', 'shippe', 'd toda', 'y."}'].map(args('r1', 'reply')),
      { type: 'stage-end', stageId: 'agent', ok: true },
    ]);
    const step = (deltas: number) => ['model.start', 'preview:stage-start', ...Array<string>(deltas).fill('preview:delta'), 'preview:stage-end', 'model.end', 'turn.step'];
    expect(timeline(logger).map((type) => (type.endsWith('-delta') ? 'preview:delta' : type))).toEqual([...step(7), ...step(5)]);
  });

  it('shows each growth of the reply in a createReplyPreview while the call streams', async () => {
    const logger = memoryLogger();
    const preview = createReplyPreview({
      rules: [{ toolId: 'reply', paths: [['text']] }],
      sink: (bubbles) => {
        logger.records.push({ type: `preview:${JSON.stringify(bubbles)}`, data: {} });
      },
    });
    await expect(previewTurn([LOOK, ANSWER], preview).run({ fragments: FRAGMENTS, context: turnContext(logger) })).resolves.toMatchObject({ status: 'done' });
    expect(timeline(logger).slice(3)).toEqual([
      'model.start',
      'preview:["It "]',
      'preview:["It shippe"]',
      'preview:["It shipped toda"]',
      'preview:["It shipped today."]',
      'model.end',
      'turn.step',
    ]);
  });

  it('previews the text of each step with a text rule when no tool of the turn is previewed: the reply that ends the turn streams', async () => {
    const logger = memoryLogger();
    const preview = createReplyPreview({
      rules: [{ stageId: 'agent' }],
      sink: (bubbles) => {
        logger.records.push({ type: `preview:${JSON.stringify(bubbles)}`, data: {} });
      },
    });
    const turn = defineTurn({
      model: new ModelRunner({ provider: createScriptedProvider([LOOK, { text: 'It shipped today.', chunkSize: 6 }]) }),
      tools: [{ spec: LOOKUP_ORDER, execute: () => ({ status: 'shipped' }), approval: 'auto' }],
      preview,
      ...BUDGETS,
    });
    await expect(turn.run({ fragments: FRAGMENTS, context: turnContext(logger) })).resolves.toMatchObject({ status: 'done', text: 'It shipped today.' });
    expect(timeline(logger)).toEqual([
      'model.start',
      'preview:["Let "]',
      'preview:["Let me l"]',
      'preview:["Let me look."]',
      'model.end',
      'turn.step',
      'model.start',
      'preview:["It shi"]',
      'preview:["It shipped t"]',
      'preview:["It shipped today."]',
      'model.end',
      'turn.step',
    ]);
  });

  it('withdraws a step the runner refuses after it showed part of it, then shows the next', async () => {
    const shown: string[][] = [];
    const preview = createReplyPreview({ rules: [{ toolId: 'reply', paths: [['text']] }], sink: (bubbles) => { shown.push([...bubbles]); } });
    const cut: ScriptedStep = { toolCalls: [{ toolId: 'reply', argsText: '{"text":"Sorry, I can', callId: 'r0' }], chunkSize: 10 };
    const result = await previewTurn([cut, ANSWER], preview).run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'done', steps: [{ outcome: 'refused', code: 'OUTPUT_INVALID' }, { outcome: 'tool-calls' }] });
    expect(shown).toEqual([['S'], ['Sorry, I ca'], ['Sorry, I can'], [], ['It '], ['It shippe'], ['It shipped toda'], ['It shipped today.']]);
  });

  it('withdraws what a step showed when the turn is aborted through context.signal while it streams', async () => {
    const controller = new AbortController();
    const shown: string[][] = [];
    const preview = createReplyPreview({
      rules: [{ toolId: 'reply', paths: [['text']] }],
      sink: (bubbles) => {
        shown.push([...bubbles]);
        if (bubbles[0] === 'It shippe') controller.abort();
      },
    });
    const result = await previewTurn([ANSWER], preview).run({ fragments: FRAGMENTS, context: turnContext(undefined, controller.signal) });
    expect(result).toMatchObject({ status: 'stopped', stoppedBy: 'aborted' });
    expect(shown).toEqual([['It '], ['It shippe'], []]);
  });

  it('records a preview that rejects mid-stream as a turn.warning, detaches it for the rest of the turn and never fails the turn', async () => {
    const logger = memoryLogger();
    const events: string[] = [];
    let deltas = 0;
    const preview = {
      write(event: OutputEvent) {
        events.push(event.type);
        if (event.type.endsWith('-delta') && ++deltas === 3) return Promise.reject(new Error('ui gone'));
        return Promise.resolve();
      },
    };
    const result = await previewTurn([LOOK, ANSWER], preview).run({ fragments: FRAGMENTS, context: turnContext(logger) });
    expect(result).toMatchObject({ status: 'done', proposals: [{ toolId: 'reply', args: { text: 'It shipped today.' } }] });
    expect(events).toEqual(['stage-start', 'text-delta', 'text-delta', 'text-delta']);
    expect(logger.of('turn.warning')).toEqual([{ step: 1, code: 'SINK_FAILED', event: 'text-delta' }]);
    expect(logger.of('model.warning')).toMatchObject([{ code: 'SINK_FAILED', details: { event: 'text-delta', sink: 'call' } }]);
  });
});
