import { ModelRunner, Support, Type } from '@jangts/agent-core';
import { createReplyPreview } from '@jangts/agent-core/support';
import * as previewPackage from '@jangts/agent-preview';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import type { OutputEvent, ReplyPreviewRule } from '@jangts/agent-core/types';
import { describe, expect, it } from 'vitest';
import { caught, caughtSync } from './support.js';

type Write = (event: OutputEvent) => unknown;

function collecting(rules: readonly ReplyPreviewRule[], maxChars?: number) {
  const calls: string[][] = [];
  const preview = createReplyPreview({ rules, sink: (bubbles) => void calls.push([...bubbles]), ...(maxChars === undefined ? {} : { maxChars }) });
  return { calls, preview, write: preview.write as Write };
}

async function toolStage(write: Write, toolIds: readonly string[], deltas: readonly (readonly [string, string, string])[], ok = true, stageId = 'reply') {
  await write({ type: 'stage-start', stageId, mode: 'tools', toolIds });
  for (const [callId, toolId, argsDelta] of deltas) await write({ type: 'tool-call-delta', stageId, callId, toolId, argsDelta });
  await write({ type: 'stage-end', stageId, ok, ...(ok ? {} : { code: 'OUTPUT_INVALID' }) });
}

async function textStage(write: Write, texts: readonly string[], stageId = 'reply', ok = true) {
  await write({ type: 'stage-start', stageId, mode: 'text', toolIds: [] });
  for (const text of texts) await write({ type: 'text-delta', stageId, text });
  await write({ type: 'stage-end', stageId, ok, ...(ok ? {} : { code: 'PROVIDER_FAILED' }) });
}

describe('createReplyPreview entry points (SPEC §1, §5)', () => {
  it('is the same function on Support, /support and the package root', () => {
    expect(Support.createReplyPreview).toBe(createReplyPreview);
    expect(previewPackage.createReplyPreview).toBe(createReplyPreview);
  });

  it('returns an output sink', () => {
    const preview = createReplyPreview({ rules: [{ stageId: 'reply' }], sink: () => undefined });
    expect(typeof preview.write).toBe('function');
  });
});

describe('createReplyPreview rules are validated when created (SPEC §5)', () => {
  const sink = () => undefined;
  it.each([
    ['no rule', []],
    ['empty paths', [{ toolId: 'reply', paths: [] }]],
    ['an empty path', [{ toolId: 'reply', paths: [[]] }]],
    ['an empty segment', [{ toolId: 'reply', paths: [['a', '']] }]],
    ['a wildcard inside a segment', [{ toolId: 'reply', paths: [['a*']] }]],
    ['a non-string segment', [{ toolId: 'reply', paths: [['a', 1]] }]],
    ['an empty when.path', [{ toolId: 'reply', when: { path: [], values: ['x'] } }]],
    ['empty when.values', [{ toolId: 'reply', when: { path: ['kind'], values: [] } }]],
    ['a rule that is not an object', ['reply']],
    ['an unknown rule field', [{ toolId: 'reply', path: [['text']] }]],
  ])('refuses %s with CONFIG_INVALID', (_name, rules) => {
    const error = caughtSync(() => createReplyPreview({ rules: rules as never, sink }));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(typeof error.details['field']).toBe('string');
  });

  it('refuses a missing sink and a bad maxChars', () => {
    expect(caughtSync(() => createReplyPreview({ rules: [{}] } as never)).code).toBe('CONFIG_INVALID');
    expect(caughtSync(() => createReplyPreview({ rules: [{}], sink, maxChars: 0 })).code).toBe('CONFIG_INVALID');
    expect(caughtSync(() => createReplyPreview({ rules: [{}], sink, maxChars: 1.5 })).code).toBe('CONFIG_INVALID');
  });

  it('accepts * as a whole segment, an array-index wildcard', () => {
    expect(() => createReplyPreview({ rules: [{ toolId: 'reply', paths: [['bubbles', '*'], ['*', 'text']] }], sink })).not.toThrow();
  });
});

describe('createReplyPreview matching (SPEC §5)', () => {
  it('shows a plain-text stage as one bubble, the text so far', async () => {
    const { calls, write } = collecting([{ stageId: 'reply' }]);
    await textStage(write, ['Hel', 'lo', ' world']);
    expect(calls).toEqual([['Hel'], ['Hello'], ['Hello world']]);
  });

  it('restricts a rule to its stageId', async () => {
    const { calls, write } = collecting([{ stageId: 'reply' }]);
    await textStage(write, ['hidden'], 'other');
    expect(calls).toEqual([]);
  });

  it('matches any stage with a rule without stageId', async () => {
    const { calls, write } = collecting([{}]);
    await textStage(write, ['shown'], 'anything');
    expect(calls).toEqual([['shown']]);
  });

  it('does not match a tool call with a rule without toolId', async () => {
    const { calls, write } = collecting([{ stageId: 'reply' }]);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"text":"tool text"}']]);
    expect(calls).toEqual([]);
  });

  it('matches a rule with toolId only in a stage that registered the tool', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    // The stage registered only "other": a delta claiming "reply" is not previewed.
    await toolStage(write, ['other'], [['c1', 'reply', '{"text":"forged"}']]);
    expect(calls).toEqual([]);
    await toolStage(write, ['other', 'reply'], [['c1', 'reply', '{"text":"real"}']]);
    expect(calls).toEqual([['real']]);
  });

  it('does not match a plain-text stage with a rule with toolId', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await textStage(write, ['plain']);
    expect(calls).toEqual([]);
  });

  it('ignores calls of other tools in the stage', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply', 'search'], [
      ['c1', 'search', '{"text":"query text"}'],
      ['c2', 'reply', '{"text":"answer"}'],
    ]);
    expect(calls).toEqual([['answer']]);
  });

  it('never creates a tool: the provider is offered only the tools the App registered', async () => {
    const provider = createScriptedProvider(['hi']);
    const preview = createReplyPreview({ rules: [{ stageId: 'reply', toolId: 'reply' }], sink: () => undefined });
    await new ModelRunner({ provider, sink: { output: preview } }).invoke({ input: 'x', stageId: 'reply' });
    expect(provider.requests[0]!.tools).toEqual([]);
  });
});

describe('createReplyPreview bubbles of a tool stage (SPEC §5)', () => {
  it('reads the default paths text, bubble and bubbles.*, in stream order', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"bubbles":["b1","b2"],"other":"no","bubble":"single","text":"t"}']]);
    expect(calls.at(-1)).toEqual(['b1', 'b2', 'single', 't']);
  });

  it('does not show nested text at a default path that is not top-level', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"meta":{"text":"nested"},"text":"top"}']]);
    expect(calls.at(-1)).toEqual(['top']);
  });

  it('shows partial strings as they grow', async () => {
    const { calls, write } = collecting([{ toolId: 'reply', paths: [['answer']] }]);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"answer":"He'],
      ['c1', 'reply', 'llo'],
      ['c1', 'reply', ' you"}'],
    ]);
    expect(calls).toEqual([['He'], ['Hello'], ['Hello you']]);
  });

  it('never shows an escape split across chunks half-decoded', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"text":"a\\'],
      ['c1', 'reply', 'nb\\u4f'],
      ['c1', 'reply', '60c"}'],
    ]);
    for (const bubbles of calls) for (const bubble of bubbles) expect(bubble).not.toMatch(/\\/);
    expect(calls.at(-1)).toEqual(['a\nb你c']);
  });

  it('never shows a surrogate pair split across chunks (escaped halves)', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"text":"x\\ud83d'],
      ['c1', 'reply', '\\ude00y"}'],
    ]);
    for (const bubbles of calls) for (const bubble of bubbles) expect(bubble).not.toMatch(/[\ud800-\udbff]$/);
    expect(calls.at(-1)).toEqual(['x😀y']);
  });

  it('never shows a raw surrogate pair split across chunks', async () => {
    const emoji = '😀';
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', `{"text":"x${emoji[0]!}`],
      ['c1', 'reply', `${emoji[1]!}y"}`],
    ]);
    for (const bubbles of calls) for (const bubble of bubbles) expect(bubble).not.toMatch(/[\ud800-\udbff]$/);
    expect(calls.at(-1)).toEqual(['x😀y']);
  });

  it('never shows a plain-text delta ending in a high surrogate half-decoded', async () => {
    const emoji = '😀';
    const { calls, write } = collecting([{ stageId: 'reply' }]);
    await textStage(write, [`a${emoji[0]!}`, `${emoji[1]!}b`]);
    for (const bubbles of calls) for (const bubble of bubbles) expect(bubble).not.toMatch(/[\ud800-\udbff]$/);
    expect(calls.at(-1)).toEqual(['a😀b']);
  });

  it('ignores non-string values at a path', async () => {
    const { calls, write } = collecting([{ toolId: 'reply', paths: [['answer'], ['bubbles', '*']] }]);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"answer":42,"bubbles":[1,{"x":"y"},"ok",null,true]}']]);
    expect(calls).toEqual([['ok']]);
  });

  it('matches * only to array indices, never object keys', async () => {
    const { calls, write } = collecting([{ toolId: 'reply', paths: [['bubbles', '*']] }]);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"bubbles":{"a":"object member"}}']]);
    expect(calls).toEqual([]);
  });

  it('stops a proposal with malformed JSON without throwing into the runner', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await write({ type: 'stage-start', stageId: 'reply', mode: 'tools', toolIds: ['reply'] });
    await write({ type: 'tool-call-delta', stageId: 'reply', callId: 'c1', toolId: 'reply', argsDelta: '{"text":"good' });
    await expect(Promise.resolve(write({ type: 'tool-call-delta', stageId: 'reply', callId: 'c1', toolId: 'reply', argsDelta: '" oops "more"}' }))).resolves.toBeUndefined();
    await write({ type: 'tool-call-delta', stageId: 'reply', callId: 'c1', toolId: 'reply', argsDelta: ',"text":"after"}' });
    expect(calls).toEqual([['good']]);
  });

  it('keeps other proposals going after one is malformed', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"text":"a" "bad"'],
      ['c2', 'reply', '{"text":"b"}'],
    ]);
    expect(calls.at(-1)).toEqual(['a', 'b']);
  });
});

describe('createReplyPreview when (SPEC §5)', () => {
  const rules = [{ toolId: 'reply', paths: [['answer']], when: { path: ['kind'], values: ['reply'] } }];

  it('shows nothing before the when string is complete, then everything at once', async () => {
    const { calls, write } = collecting(rules);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"answer":"Hel'],
      ['c1', 'reply', 'lo","kind":"re'],
      ['c1', 'reply', 'ply"'],
      ['c1', 'reply', ',"x":1}'],
    ]);
    expect(calls).toEqual([['Hello']]);
  });

  it('shows nothing ever when the when string completes with another value', async () => {
    const { calls, write } = collecting(rules);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"kind":"control","answer":"secret"}']]);
    expect(calls).toEqual([]);
  });

  it('does not take a prefix of a value for the value (reply vs replying)', async () => {
    const { calls, write } = collecting(rules);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"kind":"reply'],
      ['c1', 'reply', 'ing","answer":"secret"}'],
    ]);
    expect(calls).toEqual([]);
  });

  it('shows nothing when the when field is not a string', async () => {
    const { calls, write } = collecting(rules);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"kind":["reply"],"answer":"secret"}']]);
    expect(calls).toEqual([]);
  });

  it('shows nothing when the when field never comes', async () => {
    const { calls, write } = collecting(rules);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"answer":"secret"}']]);
    expect(calls).toEqual([]);
  });

  it('decides per proposal', async () => {
    const { calls, write } = collecting(rules);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"kind":"control","answer":"hidden"}'],
      ['c2', 'reply', '{"kind":"reply","answer":"shown"}'],
    ]);
    expect(calls.at(-1)).toEqual(['shown']);
  });

  it('compares the decoded value (an escaped when value)', async () => {
    const { calls, write } = collecting(rules);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"kind":"r\\u0065ply","answer":"shown"}']]);
    expect(calls.at(-1)).toEqual(['shown']);
  });
});

describe('createReplyPreview maxChars (SPEC §5)', () => {
  it('caps the total characters across bubbles, cutting the last bubble', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }], 6);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"bubbles":["abcd","efgh","ijkl"]}']]);
    expect(calls.at(-1)).toEqual(['abcd', 'ef']);
    for (const bubbles of calls) expect(bubbles.join('').length).toBeLessThanOrEqual(6);
  });

  it('never cuts inside a surrogate pair', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }], 4);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"text":"abc😀def"}']]);
    expect(calls.at(-1)).toEqual(['abc']);
  });

  it('caps a plain-text stage too', async () => {
    const { calls, write } = collecting([{ stageId: 'reply' }], 3);
    await textStage(write, ['ab', 'cd', 'ef']);
    expect(calls).toEqual([['ab'], ['abc']]);
  });

  it('runs the seed configuration example and caps at 4000', async () => {
    const calls: string[][] = [];
    const preview = Support.createReplyPreview({
      rules: [{ stageId: 'reply', toolId: 'reply', paths: [['answer'], ['bubbles', '*']], when: { path: ['kind'], values: ['reply'] } }],
      sink: async (bubbles) => {
        calls.push([...bubbles]);
      },
      maxChars: 4000,
    });
    expect(typeof preview).toBe('object');
    await toolStage(preview.write, ['reply'], [['c1', 'reply', `{"kind":"reply","answer":"${'a'.repeat(3000)}","bubbles":["${'b'.repeat(3000)}"]}`]]);
    expect(calls.at(-1)!.map((bubble) => bubble.length)).toEqual([3000, 1000]);
  });
});

describe('createReplyPreview sink calls (SPEC §5)', () => {
  it('calls the sink only when the bubbles change', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [
      ['c1', 'reply', '{"text":"a"'],
      ['c1', 'reply', ',"ignored":"zzz"'],
      ['c1', 'reply', ',"n":123'],
      ['c1', 'reply', '}'],
    ]);
    expect(calls).toEqual([['a']]);
  });

  it('withdraws the transient body with one call [] when the stage ends with an error', async () => {
    const { calls, write } = collecting([{ toolId: 'reply' }]);
    await toolStage(write, ['reply'], [['c1', 'reply', '{"text":"half']], false);
    expect(calls).toEqual([['half'], []]);
  });

  it('withdraws a plain-text body on a failed stage', async () => {
    const { calls, write } = collecting([{ stageId: 'reply' }]);
    await textStage(write, ['abc'], 'reply', false);
    expect(calls).toEqual([['abc'], []]);
  });

  it('never calls an async sink concurrently, and follows output order', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const calls: string[][] = [];
    const preview = createReplyPreview({
      rules: [{ stageId: 'reply' }],
      sink: async (bubbles) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        calls.push([...bubbles]);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
      },
    });
    // Written without awaiting: the preview must still serialise its sink calls.
    const write = preview.write as Write;
    const pending: unknown[] = [];
    pending.push(write({ type: 'stage-start', stageId: 'reply', mode: 'text', toolIds: [] }));
    for (const text of ['a', 'b', 'c', 'd']) pending.push(write({ type: 'text-delta', stageId: 'reply', text }));
    pending.push(write({ type: 'stage-end', stageId: 'reply', ok: true }));
    await Promise.all(pending);
    expect(maxInFlight).toBe(1);
    // In output order: each call's text is a prefix of the next one's.
    for (let index = 1; index < calls.length; index += 1) expect(calls[index]![0]!.startsWith(calls[index - 1]![0]!)).toBe(true);
    expect(calls.at(-1)).toEqual(['abcd']);
  });

  it('through the runner: a tool stage refused at the end withdraws its bubbles', async () => {
    const calls: string[][] = [];
    const preview = createReplyPreview({ rules: [{ toolId: 'reply' }], sink: (bubbles) => void calls.push([...bubbles]) });
    const reply = { id: 'reply', description: 'Reply', parameters: Type.Object({ text: Type.String(), kind: Type.Literal('reply') }) } as const;
    const provider = createScriptedProvider([{ toolCalls: [{ toolId: 'reply', args: { text: 'almost', kind: 'wrong' } }], chunkSize: 5 }]);
    const error = await caught(() => new ModelRunner({ provider, sink: { output: preview } }).invoke({ input: 'x', stageId: 'reply', tools: [reply] }));
    expect(error.code).toBe('OUTPUT_INVALID');
    expect(calls.at(-1)).toEqual([]);
    expect(calls.some((bubbles) => bubbles.length > 0)).toBe(true);
  });

  it('through the runner: the seed plain-text example gives two calls and the value', async () => {
    const calls: string[][] = [];
    const preview = Support.createReplyPreview({ rules: [{ stageId: 'reply' }], sink: (bubbles) => void calls.push([...bubbles]) });
    const runner = new ModelRunner({ provider: { async *stream() { yield '你好'; yield ',Core'; } }, sink: { output: preview } });
    expect((await runner.invoke({ input: '你好', stageId: 'reply' })).value).toBe('你好,Core');
    expect(calls).toEqual([['你好'], ['你好,Core']]);
  });

  it('starts each stage afresh', async () => {
    const { calls, write } = collecting([{ stageId: 'reply' }]);
    await textStage(write, ['first']);
    await textStage(write, ['second']);
    expect(calls).toEqual([['first'], ['second']]);
  });
});

describe('the incremental partial-JSON reader (SPEC §1, §5)', () => {
  it('reads partial JSON without throwing, reporting malformed input with an offset', () => {
    expect(previewPackage.parsePartialJson('{"n": 12.')).toEqual({ value: { n: 12 }, status: 'partial' });
    expect(previewPackage.parsePartialJson('[1] 2')).toMatchObject({ value: [1], status: 'error', error: { offset: 4 } });
    expect(previewPackage.parsePartialJson('{"a":"x\\u12')).toEqual({ value: { a: 'x' }, status: 'partial' });
  });

  it('reports requested strings as they grow, never half an escape', () => {
    const reader = previewPackage.createPartialJsonReader({ paths: [['content']] });
    const seen: string[] = [];
    for (const chunk of ['{"path":"a","content":"x\\', 'ny\\ud83d', '\\ude00z"}']) for (const patch of reader.write(chunk)) seen.push(patch.value);
    expect(seen).toEqual(['x', 'x\ny', 'x\ny😀z']);
    expect(reader.status).toBe('complete');
  });
});
