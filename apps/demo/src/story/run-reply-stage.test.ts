import { assembleFragments } from '@jangts/agent-core/context';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../../test/support/capture-output.js';
import { runReplyStage } from './run-reply-stage.js';
import { MAX_INPUT_CHARS, supportFragments } from './support-fragments.js';

const input = assembleFragments(supportFragments(), MAX_INPUT_CHARS);
const context = { app: {}, signal: new AbortController().signal };
const reply = { answer: 'We are on it.', bubbles: ['one', 'two'], internalNote: 'note' };

describe('runReplyStage', () => {
  it('previews the answer and the bubbles of a reply, never the internal note', async () => {
    const output = captureOutput();
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { kind: 'reply', ...reply } }], chunkSize: 3 }]);
    const result = await runReplyStage({ output, provider, input, context });
    expect(output.text()).toBe('   │ We are on it.\n   │ one\n   │ two\n');
    expect(result.proposals).toEqual([{ callId: 'call_1_1', toolId: 'reply', args: { kind: 'reply', ...reply } }]);
  });

  it('previews nothing of a handoff (the `when` rule), yet returns the proposal for the App to decide', async () => {
    const output = captureOutput();
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { kind: 'handoff', ...reply } }], chunkSize: 3 }]);
    const result = await runReplyStage({ output, provider, input, context });
    expect(output.text()).toBe('   │ (nothing previewed: no reply of kind "reply" was proposed)\n');
    expect(result.proposals).toHaveLength(1);
  });

  it('withdraws the preview when the arguments fail the schema, and rejects with OUTPUT_INVALID', async () => {
    const output = captureOutput({ columns: 80, rows: 24 });
    const tooMany = { kind: 'reply', ...reply, bubbles: ['1', '2', '3', '4'] };
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: tooMany }], chunkSize: 3 }]);
    await expect(runReplyStage({ output, provider, input, context })).rejects.toMatchObject({ code: 'OUTPUT_INVALID' });
    expect(output.text()).toContain('We are on it.');
    expect(output.text().endsWith('\u001b[J   │ (preview withdrawn: the stage failed, so nothing it streamed counts)\n')).toBe(true);
  });
});
