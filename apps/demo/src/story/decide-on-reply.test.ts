import { describe, expect, it } from 'vitest';
import { captureOutput } from '../../test/support/capture-output.js';
import { recordingLog } from '../../test/support/recording-log.js';
import { createStoryScreen } from '../terminal/story-screen.js';
import { decideOnReply } from './decide-on-reply.js';

const screen = (output = captureOutput()) => createStoryScreen(output, { heading: 'preview', prefix: '| ', withdrawnNote: '(withdrawn)' });
const args = { answer: 'Hi.', bubbles: ['a', 'bb'], internalNote: 'secret' };

describe('decideOnReply', () => {
  it('sends a reply and records reply.sent, without the internal note', () => {
    const log = recordingLog();
    decideOnReply(screen(), log, [{ callId: 'c1', toolId: 'reply', args: { kind: 'reply', ...args } }]);
    expect(log.records).toEqual([{ type: 'reply.sent', data: { ticketId: '4711', callId: 'c1', bubbles: 2, chars: 6 } }]);
  });

  it('hands the ticket to a person when the model asks for it', () => {
    const log = recordingLog();
    decideOnReply(screen(), log, [{ callId: 'c1', toolId: 'reply', args: { kind: 'handoff', ...args } }]);
    expect(log.records).toEqual([{ type: 'ticket.handoff', data: { ticketId: '4711', reason: 'model-handoff', callId: 'c1' } }]);
  });

  it('hands the ticket to a person when nothing was proposed', () => {
    const log = recordingLog();
    const output = captureOutput();
    decideOnReply(screen(output), log, []);
    expect(output.text()).toBe('   App decision: no reply was proposed, so the ticket goes to a person\n');
    expect(log.records).toEqual([{ type: 'ticket.handoff', data: { ticketId: '4711', reason: 'no-proposal' } }]);
  });
});
