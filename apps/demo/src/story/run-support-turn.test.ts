import { createScriptedProvider, type ScriptedStep } from '@jangts/agent-core/providers/scripted';
import type { ProviderRequest } from '@jangts/agent-core/types';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../../test/support/capture-output.js';
import { recordingLog } from '../../test/support/recording-log.js';
import { runSupportTurn, type RefundDecision } from './run-support-turn.js';
import { supportFragments } from './support-fragments.js';

const reply = { kind: 'reply', answer: 'We are on it.', bubbles: ['one', 'two'], internalNote: 'note' };
const lookup: ScriptedStep = { toolCalls: [{ toolId: 'lookupOrder', args: { orderId: 'A-1042' } }] };
const refund = (amountCents: number): ScriptedStep => ({ toolCalls: [{ toolId: 'issueRefund', args: { orderId: 'A-1042', amountCents, reason: 'Lost in transit' } }] });

/** Runs the turn on `steps`; `seen` holds every request the model received, in call order. */
async function turn(steps: ScriptedStep[], decision: RefundDecision = 'approve') {
  const seen: ProviderRequest[] = [];
  const watched = steps.map((step): ScriptedStep => (request, call) => {
    seen.push(request);
    return typeof step === 'function' ? step(request, call) : step;
  });
  const output = captureOutput();
  const log = recordingLog();
  const outcome = await runSupportTurn({ output, provider: createScriptedProvider(watched), fragments: supportFragments(), log, decision, signal: new AbortController().signal });
  return { outcome, seen, text: output.text(), records: log.records };
}

/** The content of the last message of `request`, which must be a tool result. */
function lastToolResult(request: ProviderRequest | undefined): unknown {
  const last = request?.messages.at(-1);
  expect(last?.role).toBe('tool');
  return JSON.parse(last!.content);
}

describe('runSupportTurn', () => {
  it('runs an approved refund once, after the decision, and the model reads its result', async () => {
    const { outcome, seen, text, records } = await turn([lookup, refund(12900), { toolCalls: [{ toolId: 'reply', args: reply }] }]);
    expect(outcome.result.status).toBe('done');
    expect(outcome.refunds).toEqual([{ refundId: 'RF-4711-1', orderId: 'A-1042', amountCents: 12900, currency: 'EUR', status: 'issued' }]);
    expect(lastToolResult(seen[2])).toEqual(outcome.refunds[0]);
    const types = records.map((record) => record.type);
    expect(types.indexOf('approval.decided')).toBeLessThan(types.indexOf('refund.issued'));
    expect(text).toContain('   decision Sam Ortiz (billing) approves call_2_1 issueRefund; the turn resumes\n');
  });

  it('runs no denied refund; the model reads the denial', async () => {
    const { outcome, seen, text, records } = await turn([lookup, refund(12900), { toolCalls: [{ toolId: 'reply', args: reply }] }], 'deny');
    expect(outcome.result.status).toBe('done');
    expect(outcome.refunds).toEqual([]);
    expect(lastToolResult(seen[2])).toEqual({ ok: false, code: 'DENIED', error: 'denied by the App' });
    expect(records.map((record) => record.type)).not.toContain('refund.issued');
    expect(records).toContainEqual({ type: 'approval.decided', data: { callId: 'call_2_1', toolId: 'issueRefund', approve: false, by: 'Sam Ortiz' } });
    expect(text).toContain('   refunds  none: the App made no refund\n');
  });

  it('keeps the App\'s own rule over an approved call: a refund above the amount paid fails, and the model reads only the code', async () => {
    const { outcome, seen, text } = await turn([lookup, refund(99_999), { toolCalls: [{ toolId: 'reply', args: reply }] }]);
    expect(outcome.refunds).toEqual([]);
    expect(lastToolResult(seen[2])).toEqual({ ok: false, code: 'TOOL_FAILED', error: 'the tool failed' });
    expect(JSON.stringify(seen[2]!.messages)).not.toContain('more than the');
    expect(text).toContain('     failed  refund of 99999 is more than the 12900 paid (the model reads only the code TOOL_FAILED)\n');
  });

  it('previews nothing of a handoff, and hands the ticket to a person', async () => {
    const { outcome, text, records } = await turn([lookup, { toolCalls: [{ toolId: 'reply', args: { ...reply, kind: 'handoff' } }], chunkSize: 3 }]);
    expect(outcome.result.status).toBe('done');
    expect(text).toContain('   preview: nothing previewed (no `reply` of kind "reply" streamed)\n');
    expect(text).not.toContain('   │ ');
    expect(records.at(-1)).toEqual({ type: 'ticket.handoff', data: { ticketId: '4711', reason: 'model-handoff', callId: 'call_2_1' } });
  });

  it('withdraws the preview of a reply that fails its schema; the turn tells the model, and the next reply is previewed and sent', async () => {
    const tooMany = { ...reply, bubbles: ['1', '2', '3', '4'] };
    const { outcome, text, records } = await turn([
      { toolCalls: [{ toolId: 'reply', args: tooMany }], chunkSize: 3 },
      { toolCalls: [{ toolId: 'reply', args: reply }], chunkSize: 3 },
    ]);
    expect(outcome.result.steps.map((step) => step.outcome)).toEqual(['refused', 'tool-calls']);
    const heading = '   preview: answer and bubbles.* of `reply`, shown once kind is "reply"';
    expect(text).toContain(
      [
        heading,
        '   │ We are on it.',
        '   │ 1',
        '   │ 2',
        '   │ 3',
        '   │ (preview withdrawn: that model call failed or was refused, so nothing it streamed counts)',
        heading,
        '   │ We are on it.',
        '   │ one',
        '   │ two',
        '',
      ].join('\n'),
    );
    expect(records.at(-1)).toEqual({ type: 'reply.sent', data: { ticketId: '4711', callId: 'call_2_1', bubbles: 2, chars: 19 } });
  });

  it('hands the ticket to a person when the turn stops on a budget, without throwing', async () => {
    const { outcome, text, records } = await turn([lookup, lookup, lookup, lookup, lookup, lookup]);
    expect(outcome.result).toMatchObject({ status: 'stopped', stoppedBy: 'maxToolCalls' });
    expect(text).toContain('   App decision: the turn stopped (maxToolCalls), so the ticket goes to a person\n');
    expect(records.at(-1)).toEqual({ type: 'ticket.handoff', data: { ticketId: '4711', reason: 'turn-maxToolCalls' } });
  });
});
