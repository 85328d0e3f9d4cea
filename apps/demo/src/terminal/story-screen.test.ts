import { describe, expect, it } from 'vitest';
import { captureOutput } from '../../test/support/capture-output.js';
import { renderScreen } from '../../test/support/render-screen.js';
import { createStoryScreen } from './story-screen.js';

const style = { heading: 'preview', prefix: '| ', withdrawnNote: '(withdrawn)' };

describe('createStoryScreen', () => {
  it.each([
    ['a pipe', undefined],
    ['a terminal', { columns: 80, rows: 24 }],
  ])('on %s, a withdrawal ends the live block with its note, and the next preview starts a new block', (_name, terminal) => {
    const output = captureOutput(terminal);
    const screen = createStoryScreen(output, style);
    screen.live(['a', 'b', 'c']);
    screen.live([]);
    screen.live(['x']);
    screen.line('after');
    const shown = terminal === undefined ? output.text().trimEnd().split('\n') : renderScreen(output.text());
    // A pipe cannot take back the lines it printed (every line but the last, still growing); a terminal clears them.
    expect(shown).toEqual(['preview', ...(terminal === undefined ? ['| a', '| b'] : []), '| (withdrawn)', 'preview', '| x', 'after']);
  });

  it('shows nothing for a list that stays empty', () => {
    const output = captureOutput();
    const screen = createStoryScreen(output, style);
    screen.live([]);
    expect(screen.endLive()).toBe(false);
    expect(output.text()).toBe('');
  });
});
