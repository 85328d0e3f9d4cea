import { createReplyPreview } from '@jangts/agent-preview';
import { ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider } from '@jangts/agent-runner/providers/scripted';
import type { OutputEvent } from '@jangts/agent-types';
import { HistorySchema } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import { describe, expect, it } from 'vitest';
import { defineTurn } from './define-turn.js';
import { FRAGMENTS, LOOKUP_ORDER, memoryLogger, REPLY, turnContext } from './testing/turn-fixtures.js';

const history = parser(HistorySchema, { subject: 'test', code: 'INPUT_INVALID', name: 'history' });

describe('defineTurn', () => {
  it('runs tool → decide → execute → reply: the App executes the call and the model reads its result', async () => {
    const provider = createScriptedProvider([
      { text: 'Let me look.', toolCalls: [{ toolId: 'lookupOrder', args: { orderId: '7' }, callId: 'c1' }] },
      (request) => {
        const last = request.messages.at(-1);
        return `Order 7 is ${last?.role === 'tool' ? (JSON.parse(last.content) as { status: string }).status : 'unknown'}.`;
      },
    ]);
    const executed: unknown[] = [];
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: LOOKUP_ORDER, execute: (args) => { executed.push(args); return { status: 'shipped' }; }, approval: 'auto' }],
      maxSteps: 4,
      maxToolCalls: 4,
      maxInputChars: 10_000,
      maxToolResultChars: 1000,
    });
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(result.text).toBe('Order 7 is shipped.');
    expect(executed).toEqual([{ orderId: '7' }]);
    expect(result.history).toEqual([
      { role: 'assistant', content: 'Let me look.', toolCalls: [{ callId: 'c1', toolId: 'lookupOrder', args: { orderId: '7' } }] },
      { role: 'tool', callId: 'c1', content: '{"status":"shipped"}' },
      { role: 'assistant', content: 'Order 7 is shipped.' },
    ]);
    expect(() => history.parse(result.history)).not.toThrow();
    expect(result.steps.map((step) => step.outcome)).toEqual(['tool-calls', 'reply']);
    expect(result.steps[0]?.calls).toEqual([{ callId: 'c1', toolId: 'lookupOrder', status: 'ran', approved: true, decidedBy: 'policy', chars: 20 }]);
    expect(result.budget).toMatchObject({ steps: 2, maxSteps: 4, toolCalls: 1, maxToolCalls: 4, maxInputChars: 10_000 });
    // The tool result reached the model as a tool message, after the context's system and user messages.
    expect(provider.requests[1]?.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  });

  it('records every step into context.logger', async () => {
    const logger = memoryLogger();
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'lookupOrder', args: { orderId: '7' }, callId: 'c1' }] }, 'Shipped.']);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: LOOKUP_ORDER, execute: () => 'shipped', approval: 'auto' }],
      maxSteps: 4,
      maxToolCalls: 4,
      maxInputChars: 10_000,
      maxToolResultChars: 1000,
    });
    await turn.run({ fragments: FRAGMENTS, context: turnContext(logger) });
    const turnTypes = logger.records.map((record) => record.type).filter((type) => !type.startsWith('model.'));
    expect(turnTypes).toEqual(['turn.start', 'turn.step', 'tool.proposed', 'tool.decided', 'tool.result', 'turn.step', 'turn.end']);
    expect(logger.of('model.end')).toHaveLength(2);
    expect(logger.of('tool.decided')[0]).toMatchObject({ callId: 'c1', toolId: 'lookupOrder', approved: true, by: 'policy' });
    expect(logger.of('tool.result')[0]).toMatchObject({ callId: 'c1', ok: true, status: 'ran', chars: 7 });
    expect(logger.of('turn.end')[0]).toMatchObject({ status: 'done', steps: 2, toolCalls: 1 });
  });

  it('ends done on the final tool: returned to the App, never executed', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { text: 'It shipped.' }, callId: 'r1' }] }]);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: LOOKUP_ORDER, execute: () => 'x', approval: 'auto' }, { spec: REPLY }],
      finalToolId: 'reply',
      maxSteps: 4,
      maxToolCalls: 4,
      maxInputChars: 10_000,
      maxToolResultChars: 1000,
    });
    const result = await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(result).toMatchObject({ status: 'done', text: '', proposals: [{ callId: 'r1', toolId: 'reply', args: { text: 'It shipped.' } }] });
    expect(result.steps[0]?.calls[0]).toMatchObject({ status: 'final' });
    expect(() => history.parse(result.history)).not.toThrow();
  });

  it('feeds the preview every step of the turn', async () => {
    const events: OutputEvent[] = [];
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'lookupOrder', args: { orderId: '7' }, callId: 'c1' }] }, 'Shipped.']);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: LOOKUP_ORDER, execute: () => 'shipped', approval: 'auto' }],
      preview: { write: (event) => { events.push(event); } },
      maxSteps: 4,
      maxToolCalls: 4,
      maxInputChars: 10_000,
      maxToolResultChars: 1000,
    });
    await turn.run({ fragments: FRAGMENTS, context: turnContext() });
    expect(events).toEqual([
      { type: 'stage-start', stageId: 'agent', mode: 'tools', toolIds: ['lookupOrder'] },
      { type: 'tool-call-delta', stageId: 'agent', callId: 'c1', toolId: 'lookupOrder', argsDelta: '{"orderId":"7"}' },
      { type: 'stage-end', stageId: 'agent', ok: true },
      { type: 'stage-start', stageId: 'agent', mode: 'tools', toolIds: ['lookupOrder'] },
      { type: 'text-delta', stageId: 'agent', text: 'Shipped.' },
      { type: 'stage-end', stageId: 'agent', ok: true },
    ]);
  });

  it('shows every step in a createReplyPreview, and withdraws a failed one', async () => {
    const shown: string[][] = [];
    const preview = createReplyPreview({ rules: [{ toolId: 'reply', paths: [['text']] }], sink: (bubbles) => { shown.push([...bubbles]); } });
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'lookupOrder', args: { orderId: '7' } }] }, { toolCalls: [{ toolId: 'reply', args: { text: 'It shipped.' } }] }]);
    const turn = defineTurn({
      model: new ModelRunner({ provider }),
      tools: [{ spec: LOOKUP_ORDER, execute: () => 'shipped', approval: 'auto' }, { spec: REPLY }],
      finalToolId: 'reply',
      preview,
      maxSteps: 4,
      maxToolCalls: 4,
      maxInputChars: 10_000,
      maxToolResultChars: 1000,
    });
    await expect(turn.run({ fragments: FRAGMENTS, context: turnContext() })).resolves.toMatchObject({ status: 'done' });
    expect(shown).toEqual([['It shipped.']]);
    // The provider's steps are used up: the next turn's call fails, and the preview withdraws (an empty list).
    await expect(turn.run({ fragments: FRAGMENTS, context: turnContext() })).resolves.toMatchObject({ status: 'stopped', stoppedBy: 'model-failed' });
    expect(shown).toEqual([['It shipped.'], []]);
  });
});
