import { describe, expect, it } from 'vitest';
import { captureOutput } from '../../test/support/capture-output.js';
import { renderScreen } from '../../test/support/render-screen.js';
import { createLiveLines } from './live-lines.js';


describe('createLiveLines on a pipe (not a TTY)', () => {
  it('prints each line once, when a later line starts or the block ends', () => {
    const output = captureOutput();
    const live = createLiveLines(output, '| ');
    live.update(['He']);
    live.update(['Hello']);
    expect(output.text()).toBe('');
    live.update(['Hello', 'wo']);
    live.update(['Hello', 'world']);
    expect(output.text()).toBe('| Hello\n');
    live.end('(nothing)');
    expect(output.text()).toBe('| Hello\n| world\n');
  });

  it('prints no control sequences, and strips those of the model', () => {
    const output = captureOutput();
    const live = createLiveLines(output, '| ');
    live.update(['clear \u001b[2Jscreen\nplease']);
    live.end('(nothing)');
    expect(output.text()).toBe('| clear [2Jscreen please\n');
  });

  it('ends with the empty note when nothing was shown or the block was withdrawn', () => {
    const output = captureOutput();
    const live = createLiveLines(output, '| ');
    live.update(['a', 'b']);
    live.update([]);
    live.end('(nothing)');
    expect(output.text()).toBe('| a\n| (nothing)\n');
  });
});

describe('createLiveLines on a TTY', () => {
  it('redraws the block in place, so the screen shows the last state once', () => {
    const output = captureOutput({ columns: 40, rows: 20 });
    const live = createLiveLines(output, '| ');
    live.update(['He']);
    live.update(['Hello']);
    live.update(['Hello', 'wor']);
    live.update(['Hello', 'world, this bubble is long enough to wrap']);
    live.end('(nothing)');
    expect(output.text()).toContain('\u001b[1F\u001b[J');
    expect(renderScreen(output.text())).toEqual(['| Hello', '| world, this bubble is long enough', '|   to wrap']);
  });

  it('keeps the growing end in view when the block is taller than the terminal', () => {
    const output = captureOutput({ columns: 20, rows: 4 });
    const live = createLiveLines(output, '| ');
    const lines = ['one', 'two', 'three', 'four', 'five and a very long tail'];
    live.update(lines);
    expect(renderScreen(output.text())).toEqual(['| three', '| four', '| five and a very…']);
    live.update([...lines, 'six']);
    expect(renderScreen(output.text())).toEqual(['| four', '| five and a very…', '| six']);
  });

  it('clears a withdrawn block and ends with the empty note', () => {
    const output = captureOutput({ columns: 40, rows: 20 });
    const live = createLiveLines(output, '| ');
    live.update(['a', 'b']);
    live.update([]);
    live.end('(nothing)');
    expect(renderScreen(output.text())).toEqual(['| (nothing)']);
  });
});
