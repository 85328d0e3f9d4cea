import type { OutputEvent } from '@jangts/agent-types';
import { describe, expect, it, vi } from 'vitest';
import { createReplyPreview } from './create-reply-preview.js';
import type { ReplyPreviewOptions } from './reply-preview-options.js';
import { createPartialJsonReader } from './create-partial-json-reader.js';
import { BubbleView } from './bubble-view.js';
import { ProposalPreview } from './proposal-preview.js';
import { ToolStagePreview } from './tool-stage-preview.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

function recorder() {
  const calls: string[][] = [];
  return { calls, sink: (bubbles: readonly string[]) => void calls.push([...bubbles]) };
}

function textStage(stageId: string, deltas: readonly string[], ok = true): OutputEvent[] {
  return [
    { type: 'stage-start', stageId, mode: 'text', toolIds: [] },
    ...deltas.map((text): OutputEvent => ({ type: 'text-delta', stageId, text })),
    { type: 'stage-end', stageId, ok, ...(ok ? {} : { code: 'PROVIDER_FAILED' }) },
  ];
}

function toolStage(stageId: string, toolIds: readonly string[], calls: readonly (readonly [string, string, readonly string[]])[], ok = true): OutputEvent[] {
  return [
    { type: 'stage-start', stageId, mode: 'tools', toolIds },
    ...calls.flatMap(([callId, toolId, deltas]) => deltas.map((argsDelta): OutputEvent => ({ type: 'tool-call-delta', stageId, callId, toolId, argsDelta }))),
    { type: 'stage-end', stageId, ok, ...(ok ? {} : { code: 'OUTPUT_INVALID' }) },
  ];
}

async function play(rules: readonly ReplyPreviewRule[], events: readonly OutputEvent[], maxChars?: number): Promise<string[][]> {
  const { calls, sink } = recorder();
  const preview = createReplyPreview({ rules, sink, ...(maxChars === undefined ? {} : { maxChars }) });
  for (const event of events) await preview.write(event);
  return calls;
}

function chars(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

describe('createReplyPreview', () => {
  it('previews a plain-text stage as one bubble, as in the seed example', async () => {
    expect(await play([{ stageId: 'reply' }], textStage('reply', ['你好', ',Core']))).toEqual([['你好'], ['你好,Core']]);
  });

  it('is an output sink object, as in the seed configuration example', () => {
    const preview = createReplyPreview({
      rules: [{ stageId: 'reply', toolId: 'reply', paths: [['answer'], ['bubbles', '*']], when: { path: ['kind'], values: ['reply'] } }],
      sink: async (bubbles) => {
        await Promise.resolve(bubbles);
      },
      maxChars: 4000,
    });
    expect(typeof preview).toBe('object');
    expect(typeof preview.write).toBe('function');
    expect(preview.bubbles).toEqual([]);
  });

  it('restricts a rule to its stage and a rule without toolId to plain-text stages', async () => {
    expect(await play([{ stageId: 'reply' }], textStage('other', ['x']))).toEqual([]);
    expect(await play([{}], textStage('any', ['x']))).toEqual([['x']]);
    expect(await play([{}], toolStage('reply', ['reply'], [['c1', 'reply', ['{"text":"x"}']]]))).toEqual([]);
  });

  it('matches a tool rule only for calls of that tool in a stage that registered it', async () => {
    const rules = [{ toolId: 'reply' }];
    expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', ['{"text":"hi"}']]]))).toEqual([['hi']]);
    expect(await play(rules, toolStage('s', ['other'], [['c1', 'reply', ['{"text":"hi"}']]]))).toEqual([]);
    expect(await play(rules, toolStage('s', ['reply', 'other'], [['c1', 'other', ['{"text":"hi"}']]]))).toEqual([]);
    expect(await play(rules, textStage('s', ['plain']))).toEqual([]);
  });

  it('reads the default paths text, bubble and bubbles.* in stream order, partial strings as they grow', async () => {
    const args = '{"bubbles":["one","two"],"note":"hidden","text":"tx","bubble":"b","other":{"text":"nested"}}';
    const calls = await play([{ toolId: 'reply' }], toolStage('s', ['reply'], [['c1', 'reply', chars(args, 5)]]));
    expect(calls.at(-1)).toEqual(['one', 'two', 'tx', 'b']);
    expect(calls).toEqual([
      ['on'],
      ['one', 't'],
      ['one', 'two'],
      ['one', 'two', 't'],
      ['one', 'two', 'tx'],
      ['one', 'two', 'tx', 'b'],
    ]);
  });

  it('ignores non-string values at a path', async () => {
    const calls = await play([{ toolId: 'reply' }], toolStage('s', ['reply'], [['c1', 'reply', ['{"text":1,"bubbles":[null,{"a":"x"},["y"],"z"]}']]]));
    expect(calls).toEqual([['z']]);
  });

  it('shows nothing of a proposal until its when field completes with an allowed value', async () => {
    const rules = [{ toolId: 'reply', paths: [['answer']], when: { path: ['kind'], values: ['reply'] } }];
    const late = chars('{"answer":"hello there","kind":"reply"}', 3);
    expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', late]]))).toEqual([['hello there']]);
    const early = chars('{"kind":"reply","answer":"hello"}', 4);
    expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', early]]))).toEqual([['he'], ['hello']]);
    const refused = chars('{"kind":"replying","answer":"hello"}', 1);
    expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', refused]]))).toEqual([]);
    const notString = ['{"kind":1,"answer":"hello"}'];
    expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', notString]]))).toEqual([]);
  });

  it('decides by the first when field even when it is not a string (later duplicates do not count)', async () => {
    const rules = [{ toolId: 'reply', paths: [['answer']], when: { path: ['kind'], values: ['reply'] } }];
    for (const first of ['1', 'null', 'true', '["reply"]', '{"x":"reply"}']) {
      const args = `{"kind":${first},"answer":"Hi","kind":"reply"}`;
      expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', [args]]]))).toEqual([]);
      expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', chars(args, 1)]]))).toEqual([]);
    }
    const decidedFirst = '{"kind":"reply","kind":1,"answer":"Hi"}';
    expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', [decidedFirst]]]))).toEqual([['Hi']]);
  });

  it('lets the when field be a displayed path too', async () => {
    const rules = [{ toolId: 'reply', paths: [['kind'], ['answer']], when: { path: ['kind'], values: ['reply'] } }];
    expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', ['{"kind":"reply","answer":"a"}']]]))).toEqual([['reply', 'a']]);
  });

  it('decides by the first when field that is not a string when the field is a displayed path too', async () => {
    const rules = [{ toolId: 'reply', paths: [['kind'], ['answer']], when: { path: ['kind'], values: ['reply'] } }];
    for (const first of ['1', 'null', '["reply"]', '{"x":"reply"}']) {
      const args = `{"kind":${first},"answer":"A","kind":"reply"}`;
      expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', [args]]]))).toEqual([]);
      expect(await play(rules, toolStage('s', ['reply'], [['c1', 'reply', chars(args, 1)]]))).toEqual([]);
    }
    // With the default paths, `text` both shown and deciding.
    const text = [{ toolId: 'reply', when: { path: ['text'], values: [''] } }];
    expect(await play(text, toolStage('s', ['reply'], [['c1', 'reply', ['{"text":[],"text":""}']]]))).toEqual([]);
  });

  it('shows several proposals in the order their calls began', async () => {
    const rules = [{ toolId: 'reply' }, { toolId: 'note', paths: [['body']] }];
    const calls = await play(
      rules,
      toolStage('s', ['reply', 'note'], [
        ['c1', 'reply', ['{"text":"first"}']],
        ['c2', 'note', ['{"body":"second"}']],
        ['c3', 'reply', ['{"text":"third"}']],
      ]),
    );
    expect(calls).toEqual([['first'], ['first', 'second'], ['first', 'second', 'third']]);
  });

  it('previews the text of a tool stage with a text rule when none of its tools is previewed, and ignores it when one is', async () => {
    const stage = (toolIds: string[]): OutputEvent[] => [
      { type: 'stage-start', stageId: 's', mode: 'tools', toolIds },
      { type: 'text-delta', stageId: 's', text: 'Let me ' },
      { type: 'text-delta', stageId: 's', text: 'look.' },
      { type: 'tool-call-delta', stageId: 's', callId: 'c', toolId: 'lookup', argsDelta: '{"text":"args"}' },
      { type: 'stage-end', stageId: 's', ok: true },
    ];
    expect(await play([{ stageId: 's' }], stage(['lookup']))).toEqual([['Let me '], ['Let me look.']]);
    expect(await play([{ stageId: 's' }, { toolId: 'lookup' }], stage(['lookup']))).toEqual([['args']]);
    expect(await play([{ stageId: 'other' }], stage(['lookup']))).toEqual([]);
  });

  it('keeps the bubbles of each proposal together when calls interleave', async () => {
    const stage: OutputEvent[] = [
      { type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['r'] },
      { type: 'tool-call-delta', stageId: 's', callId: 'a', toolId: 'r', argsDelta: '{"bubbles":["a1"' },
      { type: 'tool-call-delta', stageId: 's', callId: 'b', toolId: 'r', argsDelta: '{"bubbles":["b1"' },
      { type: 'tool-call-delta', stageId: 's', callId: 'a', toolId: 'r', argsDelta: ',"a2"]}' },
      { type: 'tool-call-delta', stageId: 's', callId: 'b', toolId: 'r', argsDelta: ',"b2"]}' },
      { type: 'stage-end', stageId: 's', ok: true },
    ];
    expect(await play([{ toolId: 'r' }], stage)).toEqual([['a1'], ['a1', 'b1'], ['a1', 'a2', 'b1'], ['a1', 'a2', 'b1', 'b2']]);
  });

  it('places a proposal that becomes eligible late in call order', async () => {
    const rules = [{ toolId: 'r', when: { path: ['kind'], values: ['reply'] } }];
    const stage: OutputEvent[] = [
      { type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['r'] },
      { type: 'tool-call-delta', stageId: 's', callId: 'a', toolId: 'r', argsDelta: '{"text":"first","kind":"re' },
      { type: 'tool-call-delta', stageId: 's', callId: 'b', toolId: 'r', argsDelta: '{"kind":"reply","text":"second"}' },
      { type: 'tool-call-delta', stageId: 's', callId: 'a', toolId: 'r', argsDelta: 'ply"}' },
      { type: 'stage-end', stageId: 's', ok: true },
    ];
    expect(await play(rules, stage)).toEqual([['second'], ['first', 'second']]);
  });

  it('caps the total characters across bubbles, cutting the last one but never inside a surrogate pair', async () => {
    const args = JSON.stringify({ bubbles: ['abc', 'd😀ef', 'never'] });
    const calls = await play([{ toolId: 'r' }], toolStage('s', ['r'], [['c', 'r', chars(args, 1)]]), 5);
    for (const call of calls) expect(call.join('').length).toBeLessThanOrEqual(5);
    expect(calls.at(-1)).toEqual(['abc', 'd']);
    expect(await play([{}], textStage('s', ['ab😀', 'cd']), 3)).toEqual([['ab']]);
    expect(await play([{}], textStage('s', ['abc', 'def']), 4)).toEqual([['abc'], ['abcd']]);
  });

  it('keeps a lone surrogate at the cut like any unit: only a pair is never split', async () => {
    expect(await play([{}], textStage('s', ['\ud83d你']), 1)).toEqual([['\ud83d']]);
    expect(await play([{}], textStage('s', ['a\ud83dx']), 2)).toEqual([['a\ud83d']]);
    const args = JSON.stringify({ bubbles: ['ab', 'c\ud83dx', 'never'] });
    expect((await play([{ toolId: 'r' }], toolStage('s', ['r'], [['c', 'r', [args]]]), 4)).at(-1)).toEqual(['ab', 'c\ud83d']);
  });

  it('moves the cut earlier when an earlier call grows after a later one used up maxChars', async () => {
    const delta = (callId: string, argsDelta: string): OutputEvent => ({ type: 'tool-call-delta', stageId: 's', callId, toolId: 't', argsDelta });
    const stage = (...deltas: OutputEvent[]): OutputEvent[] => [
      { type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['t'] },
      ...deltas,
      { type: 'stage-end', stageId: 's', ok: true },
    ];
    // Call a's string grows after call b filled the budget: a's bubbles go first, so b's is cut shorter.
    expect(await play([{ toolId: 't' }], stage(delta('a', '{"text":"a'), delta('b', '{"text":"wxyz"}'), delta('a', 'bc"}')), 4)).toEqual([
      ['a'],
      ['a', 'wxy'],
      ['abc', 'w'],
    ]);
    // Call a adds a bubble after b filled the budget: it goes before b's bubble.
    expect(await play([{ toolId: 't' }], stage(delta('a', '{"text":"a"'), delta('b', '{"text":"wxyz"}'), delta('a', ',"bubble":"q"}')), 4)).toEqual([
      ['a'],
      ['a', 'wxy'],
      ['a', 'q', 'wx'],
    ]);
    // Call a's empty string closes after b filled the budget: the empty bubble is not lost.
    expect(await play([{ toolId: 't' }], stage(delta('a', '{"text":"'), delta('b', '{"text":"wxyz"}'), delta('a', '"}')), 4)).toEqual([
      ['wxyz'],
      ['', 'wxyz'],
    ]);
  });

  it('reads the calls before the one holding the cut, and stops reading it and the ones after', async () => {
    const reads = vi.spyOn(ProposalPreview.prototype, 'write');
    try {
      const delta = (callId: string, argsDelta: string): OutputEvent => ({ type: 'tool-call-delta', stageId: 's', callId, toolId: 't', argsDelta });
      const events: OutputEvent[] = [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['t'] }, delta('a', '{"text":"a'), delta('b', '{"text":"wxyz')];
      // b holds the cut: its deltas and those of a later call c are not read; a's are.
      for (let index = 0; index < 10; index++) events.push(delta('b', 'more'), delta('c', index === 0 ? '{"text":"c' : 'c'));
      events.push(delta('a', 'b'), delta('a', 'c'));
      // Now a holds the cut (its text fills the budget): its own deltas are no longer read either.
      events.push(delta('a', 'd'), delta('a', 'e'), delta('b', '"}'), delta('a', 'f"}'));
      events.push({ type: 'stage-end', stageId: 's', ok: true });
      const calls = await play([{ toolId: 't' }], events, 4);
      expect(calls).toEqual([['a'], ['a', 'wxy'], ['ab', 'wx'], ['abc', 'w'], ['abcd']]);
      // a: five deltas up to the one that filled the budget; b: its first.
      expect(reads.mock.calls.map(([argsDelta]) => argsDelta)).toEqual(['{"text":"a', '{"text":"wxyz', 'b', 'c', 'd']);
    } finally {
      reads.mockRestore();
    }
  });

  it('holds back a high surrogate at the end of a text delta until its pair arrives', async () => {
    const emoji = '😀';
    expect(await play([{}], textStage('s', ['a' + emoji[0]!, emoji[1]! + 'b']))).toEqual([['a'], ['a😀b']]);
    expect(await play([{}], textStage('s', ['a\ud83d']))).toEqual([['a'], ['a\ud83d']]);
  });

  it('withdraws the body with one [] when the stage fails, even if the stage showed nothing', async () => {
    expect(await play([{}], textStage('s', ['partial'], false))).toEqual([['partial'], []]);
    expect(await play([{}], textStage('s', [], false))).toEqual([[]]);
    const refused = toolStage('s', ['r'], [['c', 'r', ['{"kind":"x","text":"t"}']]], false);
    expect(await play([{ toolId: 'r', when: { path: ['kind'], values: ['y'] } }], refused)).toEqual([[]]);
    // An earlier stage's bubbles do not stay on screen when the next stage fails before showing any.
    expect(await play([{}], [...textStage('a', ['shown']), ...textStage('b', [], false)])).toEqual([['shown'], []]);
  });

  it('does not call the sink for a failed stage no rule matched while nothing is on screen', async () => {
    expect(await play([{ stageId: 'other' }], textStage('s', ['partial'], false))).toEqual([]);
  });

  it('withdraws an earlier stage\'s bubbles when a stage no rule matched fails', async () => {
    const events = [...textStage('reply', ['hello'], true), ...textStage('plan', ['x'], false)];
    expect(await play([{ stageId: 'reply' }], events)).toEqual([['hello'], []]);
  });

  it('stops a proposal quietly on malformed JSON and keeps the others going', async () => {
    const calls = await play(
      [{ toolId: 'r' }],
      toolStage('s', ['r'], [
        ['bad', 'r', ['{"text":"ok', '"', ' oops "text":"nope"}']],
        ['good', 'r', ['{"text":"fine"}']],
      ]),
    );
    expect(calls).toEqual([['ok'], ['ok', 'fine']]);
  });

  it('starts every stage afresh and ignores events of other stages', async () => {
    const { calls, sink } = recorder();
    const preview = createReplyPreview({ rules: [{}], sink });
    for (const event of [...textStage('a', ['one']), ...textStage('b', ['two'])]) await preview.write(event);
    await preview.write({ type: 'text-delta', stageId: 'b', text: 'after the end' });
    await preview.write({ type: 'stage-start', stageId: 'c', mode: 'text', toolIds: [] });
    await preview.write({ type: 'text-delta', stageId: 'elsewhere', text: 'x' });
    expect(calls).toEqual([['one'], ['two']]);
    expect(preview.bubbles).toEqual([]);
  });

  it('calls an async sink one call at a time, coalescing changes made while a call is in flight', async () => {
    const calls: string[][] = [];
    let active = 0;
    let release: (() => void) | undefined;
    const preview = createReplyPreview({
      rules: [{}],
      sink: async (bubbles) => {
        active++;
        expect(active).toBe(1);
        calls.push([...bubbles]);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        active--;
      },
    });
    await preview.write({ type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] });
    const first = preview.write({ type: 'text-delta', stageId: 's', text: 'a' });
    const second = preview.write({ type: 'text-delta', stageId: 's', text: 'b' });
    const third = preview.write({ type: 'text-delta', stageId: 's', text: 'c' });
    expect(second).toBe(third);
    expect(calls).toEqual([['a']]);
    let firstDone = false;
    void Promise.resolve(first).then(() => (firstDone = true));
    release!();
    await first;
    expect(firstDone).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([['a'], ['abc']]);
    const end = preview.write({ type: 'stage-end', stageId: 's', ok: true });
    let ended = false;
    void Promise.resolve(end).then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ended).toBe(false);
    release!();
    await Promise.all([second, end]);
    expect(ended).toBe(true);
  });

  it('returns no promise for a synchronous sink and a promise for each call of an async one, in order', async () => {
    const seen: string[][] = [];
    const sync = createReplyPreview({ rules: [{}], sink: (bubbles) => void seen.push([...bubbles]) });
    expect(sync.write({ type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] })).toBeUndefined();
    expect(sync.write({ type: 'text-delta', stageId: 's', text: 'a' })).toBeUndefined();
    expect(sync.write({ type: 'text-delta', stageId: 's', text: 'b' })).toBeUndefined();
    expect(sync.write({ type: 'stage-end', stageId: 's', ok: true })).toBeUndefined();
    expect(seen).toEqual([['a'], ['ab']]);

    const order: string[] = [];
    const async = createReplyPreview({
      rules: [{}],
      sink: async (bubbles) => {
        order.push(`start ${bubbles.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(`end ${bubbles.join('')}`);
      },
    });
    expect(async.write({ type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] })).toBeUndefined();
    const first = async.write({ type: 'text-delta', stageId: 's', text: 'a' });
    expect(first).toBeInstanceOf(Promise);
    await first;
    const second = async.write({ type: 'text-delta', stageId: 's', text: 'b' });
    expect(second).toBeInstanceOf(Promise);
    const end = async.write({ type: 'stage-end', stageId: 's', ok: true });
    expect(end).toBeInstanceOf(Promise);
    await end;
    expect(order).toEqual(['start a', 'end a', 'start ab', 'end ab']);
    expect(async.write({ type: 'stage-start', stageId: 't', mode: 'text', toolIds: [] })).toBeUndefined();
  });

  it('passes the sink failure to the write that caused the call and keeps previewing', async () => {
    let fail = true;
    const seen: string[][] = [];
    const preview = createReplyPreview({
      rules: [{}],
      sink: (bubbles) => {
        seen.push([...bubbles]);
        if (fail) throw new Error('screen gone');
      },
    });
    await preview.write({ type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] });
    expect(() => preview.write({ type: 'text-delta', stageId: 's', text: 'a' })).toThrow('screen gone');
    fail = false;
    await preview.write({ type: 'text-delta', stageId: 's', text: 'b' });
    expect(seen).toEqual([['a'], ['ab']]);

    const rejecting = createReplyPreview({ rules: [{}], sink: () => Promise.reject(new Error('later')) });
    await rejecting.write({ type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] });
    await expect(rejecting.write({ type: 'text-delta', stageId: 's', text: 'a' })).rejects.toThrow('later');
  });

  it.each([
    ['throws', () => { throw new Error('screen gone'); }],
    ['rejects', () => Promise.reject(new Error('screen gone'))],
  ])('hands a list over again in the next stage when the sink %s on it (it may not show it)', async (_, failing) => {
    const seen: string[][] = [];
    let fail = true;
    const preview = createReplyPreview({
      rules: [{}],
      sink: (bubbles) => {
        seen.push([...bubbles]);
        return fail ? failing() : undefined;
      },
    });
    const stage = async (stageId: string): Promise<void> => {
      await preview.write({ type: 'stage-start', stageId, mode: 'text', toolIds: [] });
      await preview.write({ type: 'text-delta', stageId, text: 'x' });
    };
    await expect(stage('a')).rejects.toThrow('screen gone');
    fail = false;
    await preview.write({ type: 'stage-end', stageId: 'a', ok: true });
    await stage('b');
    await preview.write({ type: 'stage-end', stageId: 'b', ok: true });
    await stage('c');
    expect(seen).toEqual([['x'], ['x']]);
  });

  it('hands the sink its own array at every call by default: a sink that keeps them sees each change, then the [] of a failed stage', async () => {
    const kept: (readonly string[])[] = [];
    const preview = createReplyPreview({ rules: [{}], sink: (bubbles) => void kept.push(bubbles) });
    for (const event of textStage('s', ['你好', ',Core'])) await preview.write(event);
    for (const event of textStage('t', ['x'], false)) await preview.write(event);
    expect(kept).toEqual([['你好'], ['你好,Core'], ['x'], []]);
    expect(preview.bubbles).toEqual([]);
    expect(preview.bubbles).not.toBe(kept.at(-1));
  });

  it('hands the sink the live list of the stage, no copy per delta, with the first bubble changed, and never calls it when nothing changed', async () => {
    const lists: (readonly string[])[] = [];
    const changes: number[] = [];
    const snapshots: string[][] = [];
    const preview = createReplyPreview({ live: true,
      rules: [{ toolId: 'r' }],
      sink: (bubbles, { from }) => {
        lists.push(bubbles);
        changes.push(from);
        snapshots.push([...bubbles]);
      },
    });
    for (const event of toolStage('s', ['r'], [['c', 'r', ['{"bubbles":["a', '\\', 'u00', 'e9', '","b', '"]}']]])) await preview.write(event);
    expect(snapshots).toEqual([['a'], ['aé'], ['aé', 'b']]);
    expect(changes).toEqual([0, 0, 1]);
    expect(lists[0]).toBe(lists[1]);
    expect(lists[1]).toBe(lists[2]);
    expect(preview.bubbles).toBe(lists[2]);
    expect(lists[0]).toEqual(['aé', 'b']);
  });

  it('keeps the seed sink signature working: a sink of the bubbles alone', async () => {
    const seen: string[] = [];
    const preview = createReplyPreview({ rules: [{ stageId: 'reply' }], sink: (bubbles) => void seen.push(bubbles.join('|')) });
    for (const event of textStage('reply', ['你好', ',Core'])) await preview.write(event);
    expect(seen).toEqual(['你好', '你好,Core']);
  });

  it('hands a failed stage its own empty list', async () => {
    const lists: (readonly string[])[] = [];
    const preview = createReplyPreview({ rules: [{}], sink: (bubbles) => void lists.push(bubbles) });
    await preview.write({ type: 'stage-start', stageId: 'a', mode: 'text', toolIds: [] });
    await preview.write({ type: 'stage-end', stageId: 'a', ok: false });
    await preview.write({ type: 'stage-start', stageId: 'b', mode: 'text', toolIds: [] });
    await preview.write({ type: 'stage-end', stageId: 'b', ok: false });
    expect(lists).toEqual([[], []]);
    expect(lists[0]).not.toBe(lists[1]);
  });

  it('does not hand the sink a list equal to the one it was last handed when a new stage shows the same bubbles', async () => {
    const { calls, sink } = recorder();
    const preview = createReplyPreview({ rules: [{}, { toolId: 'r' }], sink });
    for (const event of textStage('a', ['x'])) await preview.write(event);
    await preview.write({ type: 'stage-start', stageId: 'b', mode: 'text', toolIds: [] });
    expect(preview.bubbles).toEqual([]);
    await preview.write({ type: 'text-delta', stageId: 'b', text: 'x' });
    // The stage shows something: `bubbles` is the list the sink was last handed.
    expect(preview.bubbles).toEqual(['x']);
    await preview.write({ type: 'stage-end', stageId: 'b', ok: true });
    for (const event of toolStage('c', ['r'], [['c1', 'r', ['{"text":"', 'x"}']]])) await preview.write(event);
    expect(calls).toEqual([['x']]);
    for (const event of textStage('d', ['x', 'y'])) await preview.write(event);
    expect(calls).toEqual([['x'], ['xy']]);
  });

  it('repeats only the [] of a failed stage', async () => {
    const events = [...textStage('a', ['x']), ...textStage('b', [], false), ...textStage('c', [], false), ...textStage('d', ['x'], false)];
    expect(await play([{}], events)).toEqual([['x'], [], [], ['x'], []]);
  });

  it('coalesces a list equal to the one an async sink is being handed into no call', async () => {
    const calls: string[][] = [];
    const preview = createReplyPreview({
      rules: [{}],
      sink: async (bubbles) => {
        calls.push([...bubbles]);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    });
    const writes: unknown[] = [];
    // a's ['x'] is in flight; b's ['y'] waits; c's ['x'] replaces it, and equals the list in flight.
    for (const event of [...textStage('a', ['x']), ...textStage('b', ['y']), ...textStage('c', ['x'])]) writes.push(preview.write(event));
    expect(calls).toEqual([['x']]);
    expect(preview.bubbles).toEqual(['x']);
    await Promise.all(writes);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toEqual([['x']]);
  });

  it('delivers every change up to 64 bubbles', async () => {
    const document = JSON.stringify({ bubbles: Array.from({ length: 64 }, (_, index) => `b${index}`) });
    const calls = await play([{ toolId: 'reply' }], toolStage('s', ['reply'], [['c', 'reply', chars(document, 1)]]));
    // One call per character of every bubble: `b0` shows as `b` then `b0`, and so on.
    expect(calls).toHaveLength(64 * 2 + 54);
    expect(calls.at(-1)).toEqual(JSON.parse(document).bubbles);
  });

  it('hands every change of a long list over at once, from the bubble that changed: a sink re-rendering from there stays linear', async () => {
    // 4,096 one-letter bubbles in 16-character deltas (16,397 characters). A sink that copies the
    // whole list at every call would copy about 2.1 million bubbles; one that re-renders from
    // `from` on copies a few per call.
    const bubbles = Array.from({ length: 4096 }, () => 'a');
    const document = JSON.stringify({ bubbles });
    const deltas = chars(document, 16);
    let rendered = 0;
    let calls = 0;
    const screen: string[] = [];
    const preview = createReplyPreview({ live: true,
      rules: [{ toolId: 'reply' }],
      sink: (list, { from }) => {
        calls++;
        rendered += list.length - from;
        screen.length = from;
        for (let index = from; index < list.length; index++) screen.push(list[index]!);
      },
    });
    await preview.write({ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] });
    let streamed = '';
    for (const argsDelta of deltas) {
      await preview.write({ type: 'tool-call-delta', stageId: 's', callId: 'c', toolId: 'reply', argsDelta });
      streamed += argsDelta;
      // Every bubble read so far is on screen.
      if (streamed.length % 1024 === 0) expect(screen).toEqual(JSON.parse(`${streamed.slice(0, streamed.lastIndexOf('"a"') + 3)}]}`).bubbles);
      expect(preview.bubbles).toBe(preview.bubbles);
    }
    await preview.write({ type: 'stage-end', stageId: 's', ok: true });
    expect(calls).toBe(deltas.length);
    expect(rendered).toBeLessThanOrEqual(2 * document.length);
    expect(screen).toEqual(bubbles);
  });

  it('stops reading once maxChars is used up, even while calls interleave', async () => {
    const reads = vi.spyOn(ProposalPreview.prototype, 'write');
    try {
      const document = JSON.stringify({ bubbles: Array.from({ length: 500 }, () => 'abcdefghijklmnopqrst') });
      const deltas = chars(document, 16);
      const events: OutputEvent[] = [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] }];
      for (const argsDelta of deltas) {
        for (const callId of ['a', 'b']) events.push({ type: 'tool-call-delta', stageId: 's', callId, toolId: 'reply', argsDelta });
      }
      events.push({ type: 'stage-end', stageId: 's', ok: true });
      const calls = await play([{ toolId: 'reply' }], events, 50);
      expect(calls.at(-1)!.join('')).toHaveLength(50);
      // The budget is used up by the third bubble, in the first few deltas of each call.
      expect(reads.mock.calls.length).toBeLessThan(20);
    } finally {
      reads.mockRestore();
    }
  });

  it('stays linear when an earlier call keeps adding bubbles after a later one used up maxChars', async () => {
    // Call a opens first; call b then fills the budget; a goes on with 20,000 empty bubbles, each
    // of which goes before b's bubble: every one needs the list rebuilt, paid for by the output.
    const rebuilds = vi.spyOn(BubbleView.prototype, 'replace');
    try {
      const delta = (callId: string, argsDelta: string): OutputEvent => ({ type: 'tool-call-delta', stageId: 's', callId, toolId: 'reply', argsDelta });
      const events: OutputEvent[] = [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] }, delta('a', '{"bubbles":['), delta('b', JSON.stringify({ text: 'x'.repeat(4000) }))];
      for (const argsDelta of chars(`${Array.from({ length: 20000 }, () => '""').join(',')}]}`, 16)) events.push(delta('a', argsDelta));
      events.push({ type: 'stage-end', stageId: 's', ok: true });
      const streamed = events.reduce((sum, event) => sum + (event.type === 'tool-call-delta' ? event.argsDelta.length : 0), 0);
      let rendered = 0;
      let last: string[] = [];
      const preview = createReplyPreview({
        rules: [{ toolId: 'reply' }],
        sink: (bubbles, { from }) => {
          rendered += bubbles.length - from;
          last = [...bubbles];
        },
        maxChars: 4000,
      });
      for (const event of events) await preview.write(event);
      expect(last).toEqual([...Array.from({ length: 20000 }, () => ''), 'x'.repeat(4000)]);
      // Each rebuild walks the calls and their bubbles: 8 per streamed character pay for them.
      const walked = rebuilds.mock.calls.reduce((sum, [values]) => sum + values.length, 0);
      expect(walked).toBeLessThanOrEqual(64 * rebuilds.mock.calls.length + 8 * streamed + 20001);
      expect(rebuilds.mock.calls.length).toBeLessThan(events.length);
      expect(rendered).toBeLessThanOrEqual(8 * streamed + 20001);
    } finally {
      rebuilds.mockRestore();
    }
  });

  it('rebuilds the list of a stage of many calls only as often as the streamed characters pay for', async () => {
    const rebuilds = vi.spyOn(ToolStagePreview.prototype as unknown as { rebuild(): void }, 'rebuild');
    try {
      // 3,000 calls that show nothing, then two calls interleaved delta by delta: every delta of
      // the one not attached to the view needs the list rebuilt over all 3,002 proposals.
      const events: OutputEvent[] = [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] }];
      for (let index = 0; index < 3000; index++) events.push({ type: 'tool-call-delta', stageId: 's', callId: `quiet-${index}`, toolId: 'reply', argsDelta: '{"n":1}' });
      const deltas = chars(JSON.stringify({ text: 'x'.repeat(4000) }), 16);
      for (const argsDelta of deltas) {
        for (const callId of ['a', 'b']) events.push({ type: 'tool-call-delta', stageId: 's', callId, toolId: 'reply', argsDelta });
      }
      events.push({ type: 'stage-end', stageId: 's', ok: true });
      const streamed = events.reduce((sum, event) => sum + (event.type === 'tool-call-delta' ? event.argsDelta.length : 0), 0);
      const calls = await play([{ toolId: 'reply' }], events);
      expect(calls.at(-1)).toEqual(['x'.repeat(4000), 'x'.repeat(4000)]);
      // Each rebuild walks every proposal: 8 per streamed character pay for them all.
      expect(rebuilds.mock.calls.length * 3002).toBeLessThanOrEqual(8 * streamed + 3002);
    } finally {
      rebuilds.mockRestore();
    }
  });

  /**
   * A stage of 100 calls showing one open string each, whose first call grew (a rebuild, paid for
   * by the output so far): the next change of an earlier call needs a rebuild over 200 items.
   */
  async function staleStage(): Promise<{ preview: ReturnType<typeof createReplyPreview>; calls: string[][]; write: (callId: string, argsDelta: string) => unknown }> {
    const calls: string[][] = [];
    const preview = createReplyPreview({ rules: [{ toolId: 'reply' }], sink: (bubbles) => void calls.push([...bubbles]) });
    const write = (callId: string, argsDelta: string) => preview.write({ type: 'tool-call-delta', stageId: 's', callId, toolId: 'reply', argsDelta });
    await preview.write({ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] });
    for (let index = 0; index < 100; index++) await write(`c${index}`, '{"text":"x');
    await write('c0', 'y');
    expect(calls.at(-1)).toHaveLength(100);
    expect(calls.at(-1)?.[0]).toBe('xy');
    return { preview, calls, write };
  }

  it('holds a rebuild of a stage of many calls back until enough output has streamed, even output that changes no bubble', async () => {
    const { preview, calls, write } = await staleStage();
    const before = calls.length;
    // One character in the second call: the rebuild walks 200 items, one character pays for 8.
    await write('c1', 'z');
    expect(calls).toHaveLength(before);
    expect(preview.bubbles[1]).toBe('x');
    // Spaces between tokens (no bubble changes) pay on, and the held change goes out.
    await write('c99', '"' + ' '.repeat(30));
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)?.[1]).toBe('xz');
  });

  it('holds a rebuild back without calling the sink, and makes it at the stage end', async () => {
    const { preview, calls, write } = await staleStage();
    const before = calls.length;
    await write('c1', 'z');
    expect(calls).toHaveLength(before);
    await preview.write({ type: 'stage-end', stageId: 's', ok: true });
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)?.[1]).toBe('xz');
    expect(preview.bubbles[1]).toBe('xz');
  });

  it('appends the calls that follow one another in place, without rebuilding the list', async () => {
    const rebuilds = vi.spyOn(BubbleView.prototype, 'replace');
    try {
      const calls = await play([{ toolId: 'r' }], toolStage('s', ['r'], [['a', 'r', ['{"text":"one"}']], ['b', 'r', ['{"text":"tw', 'o"}']], ['c', 'r', ['{"text":"three"}']]]));
      expect(calls).toEqual([['one'], ['one', 'tw'], ['one', 'two'], ['one', 'two', 'three']]);
      expect(rebuilds).not.toHaveBeenCalled();
    } finally {
      rebuilds.mockRestore();
    }
  });

  it('rejects an event that is not an OutputEvent with INPUT_INVALID naming the field, and ignores unknown event types', () => {
    const preview = createReplyPreview({ rules: [{}], sink: () => undefined });
    for (const [event, field, rule, message] of [
      [null, 'event', 'type', 'reply preview event: event must be an object (got null)'],
      [{ type: 3 }, 'type', 'type', 'reply preview event: type must be a string (got 3)'],
      [{ stageId: 's' }, 'type', 'required', 'reply preview event: type is required'],
      [{ type: 'text-delta', stageId: 's' }, 'text', 'required', 'reply preview event: text is required'],
      [{ type: 'stage-start', stageId: 's', mode: 'x', toolIds: [] }, 'mode', 'type', 'reply preview event: mode must be "text" or "tools" (got "x")'],
      [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: [1] }, 'toolIds[0]', 'type', 'reply preview event: toolIds[0] must be a string (got 1)'],
      [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: 'a' }, 'toolIds', 'type', 'reply preview event: toolIds must be a list of strings (got "a")'],
      [{ type: 'tool-call-delta', stageId: 's', callId: 'c', toolId: 't' }, 'argsDelta', 'required', 'reply preview event: argsDelta is required'],
      [{ type: 'tool-call-delta', stageId: 1, callId: 'c', toolId: 't', argsDelta: '' }, 'stageId', 'type', 'reply preview event: stageId must be a string (got 1)'],
      [{ type: 'stage-end', stageId: 's' }, 'ok', 'required', 'reply preview event: ok is required'],
      [{ type: 'stage-end', stageId: 's', ok: false, code: 42 }, 'code', 'type', 'reply preview event: code must be a string (got 42)'],
    ] as const) {
      expect(() => preview.write(event as unknown as OutputEvent)).toThrow(
        expect.objectContaining({ code: 'INPUT_INVALID', message, details: expect.objectContaining({ field, rule }) }),
      );
    }
    expect(preview.write({ type: 'usage', stageId: 's' } as unknown as OutputEvent)).toBeUndefined();
  });

  it.each([
    [{ rules: [] }, 'rules', 'length'],
    [{ rules: 'x' }, 'rules', 'type'],
    [{ rules: [null] }, 'rules[0]', 'type'],
    [{ rules: [{}, { toolId: '' }] }, 'rules[1].toolId', 'length'],
    [{ rules: [{ stageId: 3 }] }, 'rules[0].stageId', 'type'],
    [{ rules: [{ toolId: 't', path: [['a']] }] }, 'rules[0].path', 'unknown'],
    [{ rules: [{ paths: [['a']] }] }, 'rules[0].paths', 'requires'],
    [{ rules: [{ toolId: 't', paths: [] }] }, 'rules[0].paths', 'length'],
    [{ rules: [{ toolId: 't', paths: [[]] }] }, 'rules[0].paths[0]', 'length'],
    [{ rules: [{ toolId: 't', paths: [['a', '']] }] }, 'rules[0].paths[0][1]', 'length'],
    [{ rules: [{ toolId: 't', paths: [['a*']] }] }, 'rules[0].paths[0][0]', 'wildcard'],
    [{ rules: [{ toolId: 't', paths: [['**']] }] }, 'rules[0].paths[0][0]', 'wildcard'],
    [{ rules: [{ toolId: 't', when: { path: ['k'] } }] }, 'rules[0].when.values', 'required'],
    [{ rules: [{ when: { path: ['k'], values: ['v'] } }] }, 'rules[0].when', 'requires'],
    [{ rules: [{ toolId: 't', when: { path: [], values: ['v'] } }] }, 'rules[0].when.path', 'length'],
    [{ rules: [{ toolId: 't', when: { path: ['*'], values: ['v'] } }] }, 'rules[0].when.path[0]', 'wildcard'],
    [{ rules: [{ toolId: 't', when: { path: ['k'], values: [] } }] }, 'rules[0].when.values', 'length'],
    [{ rules: [{ toolId: 't', when: { path: ['k'], values: [1] } }] }, 'rules[0].when.values[0]', 'type'],
    [{ rules: [{ toolId: 't', when: { path: ['k'], values: ['v'], extra: 1 } }] }, 'rules[0].when.extra', 'unknown'],
    [{ rules: [{ toolId: 't' }, { toolId: 't', stageId: 's' }] }, 'rules[1]', 'shadowed'],
    [{ rules: [{}, {}] }, 'rules[1]', 'shadowed'],
    // Holes in sparse arrays are missing entries, not skipped ones.
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    [{ rules: [, {}] }, 'rules[0]', 'hole'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    [{ rules: [{ toolId: 't', paths: [, ['text']] }] }, 'rules[0].paths[0]', 'hole'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    [{ rules: [{ toolId: 't', paths: [['a', , 'b']] }] }, 'rules[0].paths[0][1]', 'hole'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    [{ rules: [{ toolId: 't', when: { path: ['k'], values: [, 'a'] } }] }, 'rules[0].when.values[0]', 'hole'],
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    [{ rules: [{ toolId: 't', when: { path: ['k', , 'j'], values: ['a'] } }] }, 'rules[0].when.path[1]', 'hole'],
  ])('rejects %j with CONFIG_INVALID naming %s (%s)', (options, field, rule) => {
    const withSink = { sink: () => undefined, ...options } as unknown as ReplyPreviewOptions;
    expect(() => createReplyPreview(withSink)).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(new RegExp(`^createReplyPreview options: ${field.replace(/[[\].]/g, '\\$&')} `)),
        details: expect.objectContaining({ field, rule }),
      }),
    );
  });

  it('suggests the known name for a misspelt one', () => {
    expect(() => createReplyPreview({ rules: [{ toolId: 't', path: [['a']] }], sink: () => undefined } as never)).toThrow(
      expect.objectContaining({
        message: 'createReplyPreview options: rules[0].path is not a known field (did you mean paths?); known: toolId, stageId, paths, when',
        details: expect.objectContaining({ field: 'rules[0].path', rule: 'unknown', suggestion: 'paths' }),
      }),
    );
  });

  const noSink = (): undefined => undefined;
  it.each([
    [{ rules: [{}] }, 'sink', 'required', 'createReplyPreview options: sink is required'],
    [{ rules: [{}], sink: 'x' }, 'sink', 'type', 'createReplyPreview options: sink must be a function (got "x")'],
    [{ rules: [{}], sink: noSink, extra: true }, 'extra', 'unknown', 'createReplyPreview options: extra is not a known field; known: rules, sink, maxChars, coalesce, live'],
    [{ rules: [{}], sink: noSink, coalesce: 'frames' }, 'coalesce', 'enum', 'createReplyPreview options: coalesce must be "frame" (got "frames")'],
    [{ rules: [{}], sink: noSink, coalesce: 16 }, 'coalesce', 'type', 'createReplyPreview options: coalesce must be "frame" or a plain object (got 16)'],
    [{ rules: [{}], sink: noSink, coalesce: { intervalMs: -1 } }, 'coalesce.intervalMs', 'range', 'createReplyPreview options: coalesce.intervalMs must be an integer from 0 to 2147483647 (got -1)'],
    [{ rules: [{}], sink: noSink, coalesce: { interval: 5 } }, 'coalesce.interval', 'unknown', 'createReplyPreview options: coalesce.interval is not a known field (did you mean intervalMs?); known: intervalMs'],
    [undefined, 'options', 'type', 'createReplyPreview options: options must be a plain object (got undefined)'],
  ])('rejects options %j with CONFIG_INVALID naming %s', (options, field, rule, message) => {
    expect(() => createReplyPreview(options as unknown as ReplyPreviewOptions)).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', message, details: expect.objectContaining({ field, rule }) }),
    );
  });

  it.each([
    [0, 'range', 1, 0],
    [1.5, 'type', undefined, 1.5],
    ['10', 'type', undefined, '10'],
    [Number.POSITIVE_INFINITY, 'type', undefined, 'Infinity'],
    [2 ** 53, 'range', Number.MAX_SAFE_INTEGER, 2 ** 53],
  ])('rejects maxChars %j with CONFIG_INVALID (%s), the limit crossed and the value', (maxChars, rule, limit, actual) => {
    expect(() => createReplyPreview({ rules: [{}], sink: noSink, maxChars } as unknown as ReplyPreviewOptions)).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(/^createReplyPreview options: maxChars must be an integer from 1 to 9007199254740991 \(got /),
        details: { field: 'maxChars', path: '/maxChars', rule, expected: 'an integer from 1 to 9007199254740991', ...(limit === undefined ? {} : { limit }), actual },
      }),
    );
  });

  it('accepts a specific rule before a general one for the same tool', async () => {
    const rules = [
      { toolId: 't', stageId: 'a', paths: [['x']] },
      { toolId: 't', paths: [['y']] },
    ];
    expect(await play(rules, toolStage('a', ['t'], [['c', 't', ['{"x":"from x","y":"from y"}']]]))).toEqual([['from x']]);
    expect(await play(rules, toolStage('b', ['t'], [['c', 't', ['{"x":"from x","y":"from y"}']]]))).toEqual([['from y']]);
  });

  it.each([
    ['a general rule after a general one', [{ toolId: 't' }, { toolId: 't' }], 1, 0],
    ['a specific rule after a general one', [{ toolId: 't' }, { toolId: 't', stageId: 'a' }], 1, 0],
    ['a specific rule after the same specific one', [{ toolId: 't', stageId: 'a' }, { toolId: 'u' }, { toolId: 't', stageId: 'a' }], 2, 0],
    ['a specific rule after both kinds, naming the first', [{ toolId: 't', stageId: 'a' }, { toolId: 't' }, { toolId: 't', stageId: 'a' }], 2, 0],
    ['a plain-text rule after a general plain-text one', [{ stageId: 'a' }, { toolId: 't' }, {}, { stageId: 'a' }], 3, 0],
  ] as const)('refuses %s with CONFIG_INVALID naming both rules', (_, rules, index, earlier) => {
    expect(() => createReplyPreview({ rules, sink: () => undefined })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: `createReplyPreview options: rules[${index}] can never match: rules[${earlier}] comes first and matches every stage and tool it does`,
        details: expect.objectContaining({ field: `rules[${index}]`, path: `/rules/${index}`, rule: 'shadowed' }),
      }),
    );
  });

  it('works detached: write is bound to the preview', async () => {
    const { calls, sink } = recorder();
    const { write } = createReplyPreview({ rules: [{}], sink });
    for (const event of textStage('s', ['a', 'b'])) await write(event);
    expect(calls).toEqual([['a'], ['ab']]);
  });

  it('reads the sink once: a getter that answers differently later changes nothing (no bare TypeError at write)', async () => {
    let reads = 0;
    const seen: string[][] = [];
    const options = {
      rules: [{ stageId: 's' }],
      get sink() {
        reads += 1;
        return reads === 1 ? (bubbles: readonly string[]) => void seen.push([...bubbles]) : 'not a function';
      },
    };
    const preview = createReplyPreview(options as unknown as ReplyPreviewOptions);
    for (const event of textStage('s', ['hi'])) await preview.write(event);
    expect(seen).toEqual([['hi']]);
    expect(reads).toBe(1);
  });

  it('reads the rules once: a getter that answers differently later changes nothing', async () => {
    let reads = 0;
    const options = {
      get rules() {
        reads += 1;
        return reads === 1 ? [{ stageId: 's' }] : 'broken';
      },
      sink: () => undefined,
    };
    expect(() => createReplyPreview(options as unknown as ReplyPreviewOptions)).not.toThrow();
    expect(reads).toBe(1);
  });

  it('reads each field of an event once: a getter that answers differently later changes nothing', async () => {
    const seen: string[][] = [];
    const preview = createReplyPreview({ rules: [{ toolId: 'r' }], sink: (bubbles) => void seen.push([...bubbles]) });
    await preview.write({ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['r'] });
    let reads = 0;
    const delta = {
      type: 'tool-call-delta',
      stageId: 's',
      callId: 'c',
      toolId: 'r',
      get argsDelta() {
        reads += 1;
        return reads === 1 ? '{"text":"ok"}' : 42;
      },
    };
    expect(() => preview.write(delta as unknown as OutputEvent)).not.toThrow();
    expect(reads).toBe(1);
    expect(seen).toEqual([['ok']]);
  });
});

describe('createReplyPreview with hostile input', () => {
  const throwing = (base: object, key: string): object =>
    Object.defineProperty({ ...base }, key, {
      enumerable: true,
      get() {
        throw new RangeError('getter failed');
      },
    });

  it('refuses options whose reading throws with CONFIG_INVALID naming the field, keeping what it threw', () => {
    expect(() => createReplyPreview(throwing({ sink: () => undefined }, 'rules') as never)).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', message: 'createReplyPreview options: rules could not be read (reading it threw)', details: expect.objectContaining({ field: 'rules', rule: 'readable' }), cause: expect.any(RangeError) }),
    );
    expect(() => createReplyPreview({ rules: [throwing({}, 'toolId') as never], sink: () => undefined })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'rules[0].toolId', rule: 'readable' }) }),
    );
    expect(() => createPartialJsonReader(throwing({}, 'paths') as never)).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field: 'paths', rule: 'readable' }) }),
    );
  });

  it('refuses an event whose reading throws, or a revoked proxy, with INPUT_INVALID', () => {
    const preview = createReplyPreview({ rules: [{ stageId: 's' }], sink: () => undefined });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const { proxy: revokedList, revoke: revokeList } = Proxy.revocable([], {});
    revokeList();
    for (const event of [
      throwing({}, 'type'),
      throwing({ type: 'tool-call-delta', callId: 'c', toolId: 't', argsDelta: '' }, 'stageId'),
      { type: 'stage-start', stageId: 's', mode: 'tools', toolIds: revokedList },
      proxy,
    ]) {
      expect(() => preview.write(event as never)).toThrow(
        expect.objectContaining({ code: 'INPUT_INVALID', message: 'reply preview event: event could not be read (reading it threw)', details: expect.objectContaining({ field: 'event', rule: 'readable' }) }),
      );
    }
    // eslint-disable-next-line no-sparse-arrays -- a hole is not a tool id
    expect(() => preview.write({ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: [, 'a'] as never })).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'toolIds[0]', rule: 'hole' }) }),
    );
  });
});

describe('createReplyPreview with a huge sparse toolIds', () => {
  it('refuses it at once instead of walking or copying four billion entries', () => {
    const preview = createReplyPreview({ rules: [{ stageId: 's' }], sink: () => undefined });
    const toolIds: string[] = [];
    toolIds.length = 2 ** 32 - 1;
    expect(() => preview.write({ type: 'stage-start', stageId: 's', mode: 'tools', toolIds })).toThrow(
      expect.objectContaining({ code: 'INPUT_INVALID', details: expect.objectContaining({ field: 'toolIds[0]', rule: 'hole' }) }),
    );
  });
});

describe('createReplyPreview with coalesce', () => {
  const start: OutputEvent = { type: 'stage-start', stageId: 's', mode: 'text', toolIds: [] };
  const text = (delta: string): OutputEvent => ({ type: 'text-delta', stageId: 's', text: delta });
  const end = (ok: boolean): OutputEvent => ({ type: 'stage-end', stageId: 's', ok });

  function recording(): { seen: { bubbles: string[]; from: number }[]; sink: (bubbles: readonly string[], change: { readonly from: number }) => void } {
    const seen: { bubbles: string[]; from: number }[] = [];
    return { seen, sink: (bubbles, { from }) => void seen.push({ bubbles: [...bubbles], from }) };
  }

  it('calls the sink at most once per interval with the latest list, and hands the stage end over at once', () => {
    vi.useFakeTimers();
    try {
      const { seen, sink } = recording();
      const preview = createReplyPreview({ rules: [{}], sink, coalesce: { intervalMs: 50 } });
      void preview.write(start);
      for (const delta of ['a', 'b', 'c']) expect(preview.write(text(delta))).toBeUndefined();
      expect(seen).toEqual([]);
      // The preview is ahead of the sink meanwhile.
      expect(preview.bubbles).toEqual(['abc']);
      vi.advanceTimersByTime(50);
      expect(seen).toEqual([{ bubbles: ['abc'], from: 0 }]);
      vi.advanceTimersByTime(500);
      expect(seen).toHaveLength(1);
      void preview.write(text('d'));
      expect(preview.write(end(true))).toBeUndefined();
      expect(seen).toEqual([
        { bubbles: ['abc'], from: 0 },
        { bubbles: ['abcd'], from: 0 },
      ]);
      vi.advanceTimersByTime(500);
      expect(seen).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("coalesces per animation frame with requestAnimationFrame where the runtime has it ('frame')", () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => undefined;
    });
    try {
      const { seen, sink } = recording();
      const preview = createReplyPreview({ rules: [{}], sink, coalesce: 'frame' });
      void preview.write(start);
      void preview.write(text('a'));
      void preview.write(text('b'));
      expect(frames).toHaveLength(1);
      frames.shift()?.();
      expect(seen).toEqual([{ bubbles: ['ab'], from: 0 }]);
      void preview.write(text('c'));
      expect(frames).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("falls back to a 16 ms timer for 'frame' where there is no requestAnimationFrame", () => {
    vi.useFakeTimers();
    try {
      const { seen, sink } = recording();
      const preview = createReplyPreview({ rules: [{}], sink, coalesce: 'frame' });
      void preview.write(start);
      void preview.write(text('a'));
      vi.advanceTimersByTime(15);
      expect(seen).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(seen).toEqual([{ bubbles: ['a'], from: 0 }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('withdraws a failed stage at once, dropping the change waiting', () => {
    vi.useFakeTimers();
    try {
      const { seen, sink } = recording();
      const preview = createReplyPreview({ rules: [{}], sink, coalesce: { intervalMs: 50 } });
      void preview.write(start);
      void preview.write(text('partial'));
      void preview.write(end(false));
      expect(seen).toEqual([{ bubbles: [], from: 0 }]);
      vi.advanceTimersByTime(100);
      expect(seen).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports the failure of a coalesced call at the next write, so that ModelRunner records it', () => {
    vi.useFakeTimers();
    try {
      const preview = createReplyPreview({
        rules: [{}],
        sink: () => {
          throw new Error('screen gone');
        },
        coalesce: { intervalMs: 10 },
      });
      void preview.write(start);
      void preview.write(text('a'));
      vi.advanceTimersByTime(10);
      expect(() => preview.write(text('b'))).toThrow('screen gone');
      expect(() => preview.write(text('c'))).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the model stream at full speed through ModelRunner-like awaiting: writes return nothing to wait for', async () => {
    const seen: string[] = [];
    let active = 0;
    const preview = createReplyPreview({
      rules: [{}],
      sink: async (bubbles) => {
        active++;
        expect(active).toBe(1);
        seen.push(bubbles.join(''));
        await new Promise((resolve) => setTimeout(resolve, 5));
        active--;
      },
      coalesce: { intervalMs: 1 },
    });
    expect(preview.write(start)).toBeUndefined();
    for (const delta of ['a', 'b', 'c', 'd']) expect(preview.write(text(delta))).toBeUndefined();
    await preview.write(end(true));
    expect(seen.at(-1)).toBe('abcd');
    expect(active).toBe(0);
  });
});
