import { AgentCoreError, type OutputEvent } from '@jangts/agent-types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunking, cut, hasLoneSurrogate, jsonValue, stringsAt, text, textWithLoneSurrogates, writeJson, writing } from '../test/arbitraries.js';
import { capBubbles } from './cap-bubbles.js';
import { createReplyPreview } from './create-reply-preview.js';
import { DEFAULT_REPLY_PREVIEW_PATHS } from './default-reply-preview-paths.js';
import { createPartialJsonReader } from './create-partial-json-reader.js';
import type { ReplyPreviewRule } from './reply-preview-rule.js';

const runs = { numRuns: 200 };

/** Tool arguments with strings at the default paths, decoys elsewhere (nested `text`, other keys), in any key order. */
const previewArguments = fc
  .record(
    {
      text: fc.oneof(text, jsonValue),
      bubble: fc.oneof(text, jsonValue),
      bubbles: fc.array(fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: jsonValue }), { maxLength: 6 }),
      other: fc.record({ text, bubbles: fc.array(text, { maxLength: 2 }) }),
      extra: jsonValue,
    },
    { requiredKeys: [] },
  )
  .chain((value) => fc.shuffledSubarray(Object.entries(value), { minLength: Object.keys(value).length }).map((entries) => Object.fromEntries(entries)));

/** One tool stage with one to three proposals of tool `reply`, each cut into deltas. */
const toolStage = fc.array(fc.tuple(previewArguments, writing, chunking), { minLength: 1, maxLength: 3 }).map((proposals) => {
  const documents = proposals.map(([value, how]) => writeJson(value, how));
  const events: OutputEvent[] = [{ type: 'stage-start', stageId: 'reply', mode: 'tools', toolIds: ['reply'] }];
  proposals.forEach(([, , how], index) => {
    for (const argsDelta of cut(documents[index]!, how)) {
      events.push({ type: 'tool-call-delta', stageId: 'reply', callId: `call-${index}`, toolId: 'reply', argsDelta });
    }
  });
  events.push({ type: 'stage-end', stageId: 'reply', ok: true });
  const expected = documents.flatMap((document) => stringsAt(JSON.parse(document), DEFAULT_REPLY_PREVIEW_PATHS));
  return { events, expected };
});

async function record(rules: readonly ReplyPreviewRule[], events: readonly OutputEvent[], maxChars?: number): Promise<string[][]> {
  const calls: string[][] = [];
  const preview = createReplyPreview({ rules, sink: (bubbles) => void calls.push([...bubbles]), ...(maxChars === undefined ? {} : { maxChars }) });
  for (const event of events) await preview.write(event);
  return calls;
}

/** `earlier` is a view of `later`: every bubble but the last equal, the last a prefix, none extra. */
function isPrefixView(earlier: readonly string[], later: readonly string[]): boolean {
  if (earlier.length > later.length) return false;
  return earlier.every((bubble, index) => (index === earlier.length - 1 ? later[index]!.startsWith(bubble) : later[index] === bubble));
}

describe('createReplyPreview properties', () => {
  it('ends with the strings JSON.parse has at the paths, growing through prefix views only', async () => {
    await fc.assert(
      fc.asyncProperty(toolStage, async ({ events, expected }) => {
        const calls = await record([{ toolId: 'reply' }], events);
        expect(calls.at(-1) ?? []).toEqual(expected);
        calls.forEach((call, index) => {
          expect(isPrefixView(call, expected)).toBe(true);
          if (index > 0) {
            expect(isPrefixView(calls[index - 1]!, call)).toBe(true);
            expect(call).not.toEqual(calls[index - 1]);
          }
        });
      }),
      runs,
    );
  });

  it('shows long strings read in small chunks through prefix views to the JSON.parse text, interleaved calls included', async () => {
    // Hundreds of pieces per string, so that the reader joins them into blocks many times.
    const long = fc.array(text, { minLength: 8, maxLength: 30 }).map((parts) => parts.join(''));
    const proposal = fc.record({ text: long, bubbles: fc.array(long, { maxLength: 3 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(proposal, { minLength: 1, maxLength: 2 }), writing, fc.integer({ min: 1, max: 5 }), async (proposals, how, size) => {
        const documents = proposals.map((value) => writeJson(value, how));
        const deltas = documents.map((document, index) => {
          const pieces: OutputEvent[] = [];
          for (let start = 0; start < document.length; start += size) {
            pieces.push({ type: 'tool-call-delta', stageId: 's', callId: `call-${index}`, toolId: 'reply', argsDelta: document.slice(start, start + size) });
          }
          return pieces;
        });
        // The calls' deltas alternate while both stream.
        const interleaved: OutputEvent[] = [];
        for (let index = 0; index < Math.max(...deltas.map((list) => list.length)); index++) {
          for (const list of deltas) if (index < list.length) interleaved.push(list[index]!);
        }
        const events: OutputEvent[] = [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] }, ...interleaved, { type: 'stage-end', stageId: 's', ok: true }];
        const expected = documents.flatMap((document) => stringsAt(JSON.parse(document), DEFAULT_REPLY_PREVIEW_PATHS));
        const calls = await record([{ toolId: 'reply' }], events);
        expect(calls.at(-1) ?? []).toEqual(expected);
        for (const call of calls) {
          for (const bubble of call) expect(hasLoneSurrogate(bubble)).toBe(false);
        }
        if (proposals.length === 1) for (const call of calls) expect(isPrefixView(call, expected)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('stays linear with hundreds of bubbles: a sink re-rendering from `from` on renders a bounded amount, bubbles the list the sink holds, the last one delivered', async () => {
    // Short bubbles, many of them, in one to three calls whose deltas interleave at random. The
    // sink keeps its own screen, re-rendering from `from` on: what it renders is its cost.
    const short = fc.string({ maxLength: 3 });
    const proposal = fc.record({ kind: fc.constantFrom('reply', 'reply', 'other'), bubbles: fc.array(short, { minLength: 60, maxLength: 400 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(proposal, fc.integer({ min: 1, max: 24 })), { minLength: 1, maxLength: 3 }), fc.array(fc.nat(2), { maxLength: 600 }), async (proposals, picks) => {
        const documents = proposals.map(([value]) => JSON.stringify(value));
        const queues = documents.map((document, index) => {
          const size = proposals[index]![1];
          const pieces: string[] = [];
          for (let start = 0; start < document.length; start += size) pieces.push(document.slice(start, start + size));
          return pieces;
        });
        const events: OutputEvent[] = [{ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] }];
        let pick = 0;
        while (queues.some((queue) => queue.length > 0)) {
          const open = queues.map((queue, index) => (queue.length > 0 ? index : -1)).filter((index) => index >= 0);
          const index = open[(picks[pick++] ?? 0) % open.length]!;
          events.push({ type: 'tool-call-delta', stageId: 's', callId: `call-${index}`, toolId: 'reply', argsDelta: queues[index]!.shift()! });
        }
        // Proposals show in the order their first deltas arrived.
        const order = [...new Set(events.flatMap((event) => (event.type === 'tool-call-delta' ? [Number(event.callId.slice(5))] : [])))];
        const expected = order.flatMap((index) => (proposals[index]![0].kind === 'reply' ? proposals[index]![0].bubbles : []));
        const calls: string[][] = [];
        const screen: string[] = [];
        let rendered = 0;
        const preview = createReplyPreview({
          rules: [{ toolId: 'reply', when: { path: ['kind'], values: ['reply'] } }],
          sink: (bubbles, { from }) => {
            rendered += bubbles.length - from;
            screen.length = from;
            for (let index = from; index < bubbles.length; index++) screen.push(bubbles[index]!);
            calls.push([...bubbles]);
            expect(screen).toEqual(calls.at(-1));
          },
        });
        let streamed = 0;
        for (const event of events) {
          await preview.write(event);
          if (event.type === 'tool-call-delta') streamed += event.argsDelta.length;
          // `bubbles` is the list last handed over (changes held back are not in it yet).
          expect(preview.bubbles).toEqual(calls.at(-1) ?? []);
        }
        await preview.write({ type: 'stage-end', stageId: 's', ok: true });
        expect(calls.at(-1) ?? []).toEqual(expected);
        expect(preview.bubbles).toEqual(expected);
        calls.forEach((call, index) => {
          if (index > 0) expect(call).not.toEqual(calls[index - 1]);
        });
        // A change at the end renders a bubble or two; a rebuild (interleaved calls, a `when`
        // completing) is paid for by 8 streamed characters per bubble, beyond 64.
        expect(rendered).toBeLessThanOrEqual(64 * events.length + 8 * streamed + 2 * expected.length);
      }),
      { numRuns: 60 },
    );
  });

  it('never shows more than maxChars characters or a lone surrogate, and ends with the capped final bubbles', async () => {
    await fc.assert(
      fc.asyncProperty(toolStage, fc.integer({ min: 1, max: 60 }), async ({ events, expected }, maxChars) => {
        const calls = await record([{ toolId: 'reply' }], events, maxChars);
        for (const call of calls) {
          expect(call.join('').length).toBeLessThanOrEqual(maxChars);
          for (const bubble of call) expect(hasLoneSurrogate(bubble)).toBe(false);
        }
        expect(calls.at(-1) ?? []).toEqual(capBubbles(expected, maxChars).bubbles);
      }),
      runs,
    );
  });

  it('ends every stage with the capped grouped strings of its interleaved calls, and never hands the sink the same list twice in a row', async () => {
    /** Reference cap: the bubble crossing the budget cut (never inside a surrogate pair), the rest dropped. */
    const capped = (bubbles: readonly string[], maxChars: number): string[] => {
      const kept: string[] = [];
      let left = maxChars;
      for (const bubble of bubbles) {
        if (left === 0) break;
        let piece = bubble.slice(0, left);
        if (piece.length < bubble.length && /[\ud800-\udbff]$/.test(piece)) piece = piece.slice(0, -1);
        if (piece !== '' || bubble === '') kept.push(piece);
        if (piece.length < bubble.length) break;
        left -= piece.length;
      }
      return kept;
    };
    /** One tool stage: one to three calls of tool `reply`, each cut into deltas, interleaved at random. */
    const stage = fc.record({ calls: fc.array(fc.tuple(previewArguments, writing, chunking), { minLength: 1, maxLength: 3 }), picks: fc.array(fc.nat(2), { maxLength: 300 }) });
    // Stages are played again (so that a stage often ends with the list the sink already has), some failing.
    const play = fc.array(fc.record({ stage: fc.nat(1), ok: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }) }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.array(stage, { minLength: 1, maxLength: 2 }), play, fc.integer({ min: 1, max: 40 }), async (stages, plays, maxChars) => {
        const calls: { bubbles: string[]; withdrawal: boolean }[] = [];
        let ending = false;
        const preview = createReplyPreview({ rules: [{ toolId: 'reply' }], sink: (bubbles) => void calls.push({ bubbles: [...bubbles], withdrawal: ending }), maxChars });
        for (const [number, { stage: which, ok }] of plays.entries()) {
          const { calls: proposals, picks } = stages[which % stages.length]!;
          const stageId = `stage-${number}`;
          const documents = proposals.map(([value, how]) => writeJson(value, how));
          const queues = documents.map((document, index) => cut(document, proposals[index]![2]));
          const deltas: { callId: number; argsDelta: string }[] = [];
          let pick = 0;
          while (queues.some((queue) => queue.length > 0)) {
            const open = queues.map((queue, index) => (queue.length > 0 ? index : -1)).filter((index) => index >= 0);
            const callId = open[(picks[pick++] ?? 0) % open.length]!;
            deltas.push({ callId, argsDelta: queues[callId]!.shift()! });
          }
          // The model: each call's final strings at the paths, grouped in the order of the calls' first deltas, capped.
          const order = [...new Set(deltas.map(({ callId }) => callId))];
          const expected = capped(
            order.flatMap((index) => stringsAt(JSON.parse(documents[index]!), DEFAULT_REPLY_PREVIEW_PATHS)),
            maxChars,
          );
          const before = calls.length;
          await preview.write({ type: 'stage-start', stageId, mode: 'tools', toolIds: ['reply'] });
          for (const { callId, argsDelta } of deltas) {
            await preview.write({ type: 'tool-call-delta', stageId, callId: `call-${callId}`, toolId: 'reply', argsDelta });
          }
          ending = !ok;
          await preview.write({ type: 'stage-end', stageId, ok, ...(ok ? {} : { code: 'OUTPUT_INVALID' as const }) });
          ending = false;
          if (ok) {
            expect(preview.bubbles).toEqual(expected);
            // The sink has the stage's final list, unless the stage never showed anything.
            if (expected.length > 0 || calls.length > before) expect(calls.at(-1)?.bubbles).toEqual(expected);
          } else {
            expect(calls.at(-1)).toEqual({ bubbles: [], withdrawal: true });
            expect(preview.bubbles).toEqual([]);
          }
        }
        calls.forEach(({ bubbles, withdrawal }, index) => {
          expect(bubbles.join('').length).toBeLessThanOrEqual(maxChars);
          for (const bubble of bubbles) expect(hasLoneSurrogate(bubble)).toBe(false);
          if (index > 0 && !withdrawal) expect(bubbles).not.toEqual(calls[index - 1]!.bubbles);
        });
      }),
      runs,
    );
  });

  it('never throws on a truncated document, shows only prefix views, and withdraws them when the stage fails', async () => {
    await fc.assert(
      fc.asyncProperty(previewArguments, writing, chunking, fc.double({ min: 0, max: 1, noNaN: true }), async (value, how, chunks, where) => {
        const document = writeJson(value, how);
        const expected = stringsAt(JSON.parse(document), DEFAULT_REPLY_PREVIEW_PATHS);
        const truncated = document.slice(0, Math.floor(where * document.length));
        const events: OutputEvent[] = [
          { type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] },
          ...cut(truncated, chunks).map((argsDelta): OutputEvent => ({ type: 'tool-call-delta', stageId: 's', callId: 'c', toolId: 'reply', argsDelta })),
          { type: 'stage-end', stageId: 's', ok: false, code: 'OUTPUT_INVALID' },
        ];
        const calls = await record([{ toolId: 'reply' }], events);
        if (calls.length > 0) expect(calls.at(-1)).toEqual([]);
        for (const call of calls.slice(0, -1)) expect(isPrefixView(call, expected)).toBe(true);
      }),
      runs,
    );
  });

  it('stops at the first malformed character: never throws and shows only text of the valid prefix', async () => {
    await fc.assert(
      fc.asyncProperty(
        previewArguments,
        writing,
        chunking,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('\u0000', '\u0001', '\u000b', '\u001f'),
        async (value, how, chunks, where, bad) => {
          const document = writeJson(value, how);
          const expected = stringsAt(JSON.parse(document), DEFAULT_REPLY_PREVIEW_PATHS);
          const at = Math.floor(where * document.length);
          const malformed = document.slice(0, at) + bad + document.slice(at);
          const toEvents = (argumentsText: string): OutputEvent[] => [
            { type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] },
            ...cut(argumentsText, chunks).map((argsDelta): OutputEvent => ({ type: 'tool-call-delta', stageId: 's', callId: 'c', toolId: 'reply', argsDelta })),
            { type: 'stage-end', stageId: 's', ok: true },
          ];
          const calls = await record([{ toolId: 'reply' }], toEvents(malformed));
          for (const call of calls) expect(isPrefixView(call, expected)).toBe(true);
          const prefixCalls = await record([{ toolId: 'reply' }], toEvents(document.slice(0, at)));
          expect(calls.at(-1) ?? []).toEqual(prefixCalls.at(-1) ?? []);
        },
      ),
      runs,
    );
  });

  it('never throws on arbitrary argument text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', 't', 'e', 'x', 'u', '1', ' ') })), async (deltas) => {
        const events: OutputEvent[] = [
          { type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] },
          ...deltas.map((argsDelta): OutputEvent => ({ type: 'tool-call-delta', stageId: 's', callId: 'c', toolId: 'reply', argsDelta })),
          { type: 'stage-end', stageId: 's', ok: true },
        ];
        await record([{ toolId: 'reply' }], events);
      }),
      { numRuns: 500 },
    );
  });

  it('shows nothing before the when field completes, and nothing ever when it completes outside values', async () => {
    const entry = (key: string, value: unknown): string => `${JSON.stringify(key)}:${JSON.stringify(value)}`;
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.array(text, { maxLength: 4 }),
        fc.constantFrom('reply', 'replying', 'repl', '', 'other'),
        fc.integer({ min: 0, max: 2 }),
        chunking,
        async (answer, bubbles, kind, kindPosition, chunks) => {
          const entries = [entry('answer', answer), entry('bubbles', bubbles)];
          entries.splice(kindPosition, 0, entry('kind', kind));
          const document = `{${entries.join(',')}}`;
          const kindEnd = document.indexOf(entry('kind', kind)) + entry('kind', kind).length;
          const rule: ReplyPreviewRule = { toolId: 'reply', paths: [['answer'], ['bubbles', '*']], when: { path: ['kind'], values: ['reply'] } };
          const calls: { bubbles: string[]; fed: number }[] = [];
          let fed = 0;
          const preview = createReplyPreview({ rules: [rule], sink: (shown) => void calls.push({ bubbles: [...shown], fed }) });
          await preview.write({ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['reply'] });
          for (const argsDelta of cut(document, chunks)) {
            fed += argsDelta.length;
            await preview.write({ type: 'tool-call-delta', stageId: 's', callId: 'c', toolId: 'reply', argsDelta });
          }
          await preview.write({ type: 'stage-end', stageId: 's', ok: true });
          if (kind !== 'reply') {
            expect(calls).toEqual([]);
            return;
          }
          for (const call of calls) expect(call.fed).toBeGreaterThanOrEqual(kindEnd);
          expect(calls.at(-1)?.bubbles ?? []).toEqual(stringsAt(JSON.parse(document), rule.paths));
        },
      ),
      runs,
    );
  });

  it('previews plain text as one bubble that only grows, never with a lone surrogate', async () => {
    await fc.assert(
      fc.asyncProperty(text, chunking, fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }), async (reply, chunks, maxChars) => {
        const events: OutputEvent[] = [
          { type: 'stage-start', stageId: 'reply', mode: 'text', toolIds: [] },
          ...cut(reply, chunks).map((delta): OutputEvent => ({ type: 'text-delta', stageId: 'reply', text: delta })),
          { type: 'stage-end', stageId: 'reply', ok: true },
        ];
        const calls = await record([{ stageId: 'reply' }], events, maxChars);
        const expected = maxChars === undefined ? (reply === '' ? [] : [reply]) : capBubbles(reply === '' ? [] : [reply], maxChars).bubbles;
        expect(calls.at(-1) ?? []).toEqual(expected);
        for (const call of calls) {
          expect(isPrefixView(call, expected)).toBe(true);
          for (const bubble of call) expect(hasLoneSurrogate(bubble)).toBe(false);
        }
      }),
      runs,
    );
  });
});

/** The model's view of what one proposal shows: its strings at the default paths, read from scratch. */
function modelProposal(argumentsSoFar: string): string[] {
  const bubbles = new Map<number, string>();
  for (const patch of createPartialJsonReader({ paths: DEFAULT_REPLY_PREVIEW_PATHS, value: false }).write(argumentsSoFar)) {
    if (patch.value !== '' || patch.complete) bubbles.set(patch.id, patch.value);
  }
  return [...bubbles.values()];
}

/** A reference model of the preview: the bubbles of the open stage recomputed from scratch after every event. */
class PreviewModel {
  private open: { readonly stageId: string; readonly textual: boolean; readonly matched: boolean; text: string; readonly calls: Map<string, string> } | undefined;

  constructor(private readonly maxChars: number) {}

  /** Whether the open stage is previewed. */
  get matched(): boolean {
    return this.open?.matched === true;
  }

  /** Whether a stage is open. */
  get isOpen(): boolean {
    return this.open !== undefined;
  }

  /** The open stage's bubbles; `ended`: with a held high surrogate shown (the stage ended well). */
  bubbles(ended = false): string[] {
    const open = this.open;
    if (open === undefined || !open.matched) return [];
    if (open.textual) {
      const text = !ended && /[\ud800-\udbff]$/.test(open.text) ? open.text.slice(0, -1) : open.text;
      return capBubbles(text === '' ? [] : [text], this.maxChars).bubbles;
    }
    return capBubbles([...open.calls.values()].flatMap(modelProposal), this.maxChars).bubbles;
  }

  /** Takes an event; returns the stage that ended, if this event ended one: `{ ok }`. */
  take(event: OutputEvent): { readonly ok: boolean; readonly matched: boolean } | undefined {
    const open = this.open;
    switch (event.type) {
      case 'stage-start': {
        // The rules: `{ stageId: 'talk' }` for plain text (and the text of a tool stage none of whose
        // tools is previewed), `{ toolId: 'reply' }` for tool calls.
        const textual = event.mode === 'text' || !event.toolIds.includes('reply');
        this.open = { stageId: event.stageId, textual, matched: textual ? event.stageId === 'talk' : true, text: '', calls: new Map() };
        return undefined;
      }
      case 'text-delta':
        if (open?.textual === true && open.stageId === event.stageId) open.text += event.text;
        return undefined;
      case 'tool-call-delta':
        if (open?.textual === false && open.stageId === event.stageId && event.toolId === 'reply') open.calls.set(event.callId, (open.calls.get(event.callId) ?? '') + event.argsDelta);
        return undefined;
      case 'stage-end':
        if (open === undefined || open.stageId !== event.stageId) return undefined;
        this.open = undefined;
        return { ok: event.ok, matched: open.matched };
    }
  }
}

describe('createReplyPreview against a reference model', () => {
  /** Arguments with several bubbles (and a decoy), so that changes land past the first bubbles. */
  const manyBubbles = fc.record({ bubbles: fc.array(text, { minLength: 2, maxLength: 8 }), extra: jsonValue, text }, { requiredKeys: ['bubbles'] });
  /** A stage's events: plain text or tool calls (some of another tool), cut and interleaved, ended well, badly or never. */
  const stage = fc.oneof(
    fc.record({ kind: fc.constant('text' as const), stageId: fc.constantFrom('talk', 'talk', 'plan'), reply: textWithLoneSurrogates, chunks: chunking }),
    fc.record({
      kind: fc.constant('tools' as const),
      stageId: fc.constantFrom('reply', 'act', 'talk'),
      toolIds: fc.constantFrom(['reply'], ['reply', 'other'], ['other']),
      // `keep`: 1 the whole arguments, below 1 the share of them sent (truncated), above 1 a malformed character in them.
      calls: fc.array(
        fc.record({
          value: fc.oneof({ weight: 1, arbitrary: previewArguments }, { weight: 2, arbitrary: manyBubbles }),
          how: writing,
          chunks: chunking,
          toolId: fc.constantFrom('reply', 'reply', 'other'),
          keep: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.double({ min: 0, max: 1.2, noNaN: true }) }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      // No picks: the calls one after another; else interleaved at random.
      picks: fc.oneof(fc.constant([]), fc.array(fc.nat(2), { maxLength: 200 })),
    }),
  );
  const stageEnd = fc.constantFrom('ok', 'ok', 'failed', 'never');
  const noise = fc.array(fc.constantFrom<OutputEvent>({ type: 'text-delta', stageId: 'elsewhere', text: 'x' }, { type: 'tool-call-delta', stageId: 'elsewhere', callId: 'c', toolId: 'reply', argsDelta: '{"text":"x"}' }, { type: 'usage', stageId: 'talk' } as unknown as OutputEvent), { maxLength: 2 });

  function toEvents(stages: readonly { stage: typeof stage extends fc.Arbitrary<infer T> ? T : never; end: string; noise: readonly OutputEvent[] }[]): OutputEvent[] {
    const events: OutputEvent[] = [];
    for (const { stage: played, end, noise: extra } of stages) {
      if (played.kind === 'text') {
        events.push({ type: 'stage-start', stageId: played.stageId, mode: 'text', toolIds: [] });
        for (const piece of cut(played.reply, played.chunks)) events.push({ type: 'text-delta', stageId: played.stageId, text: piece });
      } else {
        events.push({ type: 'stage-start', stageId: played.stageId, mode: 'tools', toolIds: played.toolIds });
        // Each call's arguments, whole, truncated or with a malformed character in them.
        const queues = played.calls.map(({ value, how, chunks, keep }) => {
          const document = writeJson(value, how);
          const argumentsText = keep > 1 ? `${document.slice(0, Math.floor((keep - 1) * 5 * document.length) % document.length)}\u0001${document}` : document.slice(0, Math.ceil(keep * document.length));
          return cut(argumentsText, chunks);
        });
        let pick = 0;
        while (queues.some((queue) => queue.length > 0)) {
          const open = queues.map((queue, index) => (queue.length > 0 ? index : -1)).filter((index) => index >= 0);
          const index = open[(played.picks[pick++] ?? 0) % open.length]!;
          events.push({ type: 'tool-call-delta', stageId: played.stageId, callId: `call-${index}`, toolId: played.calls[index]!.toolId, argsDelta: queues[index]!.shift()! });
        }
      }
      events.push(...extra);
      if (end !== 'never') events.push({ type: 'stage-end', stageId: played.stageId, ok: end === 'ok', ...(end === 'ok' ? {} : { code: 'PROVIDER_FAILED' }) });
      events.push(...extra);
    }
    return events;
  }

  it('shows after every event what the model computes from scratch, calling the sink only on a change, with a from that rebuilds its screen', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Stages played again and again, so that a stage often starts with the list the sink holds.
        fc.array(stage, { minLength: 1, maxLength: 3 }),
        fc.array(fc.record({ which: fc.nat(2), end: stageEnd, noise }), { minLength: 1, maxLength: 5 }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        async (played, plays, maxChars) => {
          const stages = plays.map(({ which, end, noise: extra }) => ({ stage: played[which % played.length]!, end, noise: extra }));
          const model = new PreviewModel(maxChars ?? Number.POSITIVE_INFINITY);
          // The sink's own screen, kept from `from` alone, and a copy of each list it was handed.
          const screen: string[] = [];
          const handed: string[][] = [];
          const preview = createReplyPreview({
            rules: [{ stageId: 'talk' }, { toolId: 'reply' }],
            sink: (bubbles, { from }) => {
              expect(from).toBeGreaterThanOrEqual(0);
              expect(screen.slice(0, from)).toEqual(bubbles.slice(0, from));
              screen.length = from;
              for (let index = from; index < bubbles.length; index++) screen.push(bubbles[index]!);
              handed.push([...bubbles]);
            },
            maxChars,
          });
          // What `preview.bubbles` reads: the open stage's list, or the one the last stage left.
          let bubbles: string[] = [];
          // The open stage showed something: from then on the screen follows it, even to nothing
          // (a bubble that grows past maxChars can move the cut before every other one).
          let shown = false;
          for (const event of toEvents(stages)) {
            if (event.type === 'stage-start') shown = false;
            const calls = handed.length;
            const before = [...screen];
            expect(preview.write(event)).toBeUndefined();
            const final = model.bubbles(true);
            const ended = model.take(event);
            if (ended === undefined) {
              // Within a stage: the screen shows the stage's list once it has something.
              const expected = model.bubbles();
              shown ||= expected.length > 0;
              if (shown) expect(screen).toEqual(expected);
              else expect(screen).toEqual(before);
              if (model.isOpen) bubbles = expected;
              expect(preview.bubbles).toEqual(bubbles);
              if (event.type === 'stage-start') expect(handed).toHaveLength(calls);
            } else if (ended.ok) {
              // A stage ending well shows its final list (a held high surrogate included).
              expect(screen).toEqual(final.length > 0 || shown ? final : before);
              if (ended.matched) bubbles = final;
              expect(preview.bubbles).toEqual(bubbles);
            } else if (ended.matched || before.length > 0) {
              // A failed stage: one call [], even when it repeats.
              expect(handed).toHaveLength(calls + 1);
              expect(handed.at(-1)).toEqual([]);
              bubbles = [];
              expect(preview.bubbles).toEqual([]);
            } else {
              expect(handed).toHaveLength(calls);
            }
            if (ended !== undefined) shown = false;
            // One call at most per event, and never a list equal to the one before, but a withdrawal.
            expect(handed.length - calls).toBeLessThanOrEqual(1);
            if (handed.length > calls && handed.length > 1 && handed.at(-1)!.length > 0) expect(handed.at(-1)).not.toEqual(handed.at(-2));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('createReplyPreview option and event reading properties', () => {
  /** A path segment: `*`, or a key without `*`. */
  const segment = fc.oneof(fc.constant('*'), fc.string({ minLength: 1, maxLength: 6 }).filter((key) => !key.includes('*')));
  const whenSegment = fc.string({ minLength: 1, maxLength: 6 }).filter((key) => !key.includes('*'));
  /** Valid rules: tool rules with distinct tool ids (so none shadows another), then at most one plain-text rule. */
  const validOptions = fc
    .record({
      tools: fc.array(
        fc.record(
          {
            stageId: fc.string({ minLength: 1, maxLength: 4 }),
            paths: fc.array(fc.array(segment, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
            when: fc.record({ path: fc.array(whenSegment, { minLength: 1, maxLength: 2 }), values: fc.array(fc.string(), { minLength: 1, maxLength: 3 }) }),
          },
          { requiredKeys: [] },
        ),
        { minLength: 0, maxLength: 4 },
      ),
      plain: fc.option(fc.record({ stageId: fc.string({ minLength: 1, maxLength: 4 }) }, { requiredKeys: [] }), { nil: undefined }),
      maxChars: fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: undefined }),
    })
    .filter(({ tools, plain }) => tools.length > 0 || plain !== undefined)
    .map(({ tools, plain, maxChars }) => ({
      rules: [...tools.map((rule, index): ReplyPreviewRule => ({ toolId: `tool-${index}`, ...rule })), ...(plain === undefined ? [] : [plain])],
      maxChars,
    }));

  /** One defect: what it does to a rule, and the field and rule name the refusal must give (below `rules[i]`). */
  const defects: readonly [string, string, (rule: ReplyPreviewRule) => unknown][] = [
    ['toolId', 'length', (rule) => ({ ...rule, toolId: '' })],
    ['stageId', 'type', (rule) => ({ ...rule, stageId: 7 })],
    ['paths', 'length', (rule) => ({ ...rule, toolId: 'x', paths: [] })],
    ['paths[0]', 'length', (rule) => ({ ...rule, toolId: 'x', paths: [[]] })],
    ['paths[0][1]', 'length', (rule) => ({ ...rule, toolId: 'x', paths: [['a', '']] })],
    ['paths[0][0]', 'wildcard', (rule) => ({ ...rule, toolId: 'x', paths: [['x*']] })],
    ['paths', 'requires', ({ stageId }) => ({ stageId, paths: [['a']] })],
    ['when', 'requires', ({ stageId }) => ({ stageId, when: { path: ['k'], values: ['v'] } })],
    ['when.path', 'length', (rule) => ({ ...rule, toolId: 'x', when: { path: [], values: ['v'] } })],
    ['when.path[0]', 'wildcard', (rule) => ({ ...rule, toolId: 'x', when: { path: ['*'], values: ['v'] } })],
    ['when.values', 'length', (rule) => ({ ...rule, toolId: 'x', when: { path: ['k'], values: [] } })],
    ['when.values', 'required', (rule) => ({ ...rule, toolId: 'x', when: { path: ['k'] } })],
    ['when.extra', 'unknown', (rule) => ({ ...rule, toolId: 'x', when: { path: ['k'], values: ['v'], extra: 1 } })],
    ['path', 'unknown', (rule) => ({ ...rule, path: ['typo'] })],
  ];

  it('accepts every valid options object, and a working preview comes of it', () => {
    fc.assert(
      fc.property(validOptions, ({ rules, maxChars }) => {
        const preview = createReplyPreview({ rules, sink: () => undefined, maxChars });
        expect(preview.bubbles).toEqual([]);
        expect(preview.write({ type: 'stage-start', stageId: 's', mode: 'tools', toolIds: ['tool-0'] })).toBeUndefined();
      }),
    );
  });

  it('refuses each defect of a valid options object with CONFIG_INVALID naming the rule index and field', () => {
    fc.assert(
      fc.property(
        validOptions.chain((options) => fc.tuple(fc.constant(options), fc.nat({ max: options.rules.length - 1 }))),
        fc.constantFrom(...defects),
        ([{ rules, maxChars }, broken], [field, rule, breakRule]) => {
          // The broken rule goes last, so that it is not the one a later rule is shadowed by.
          const mutated = [...rules.filter((_, index) => index !== broken), breakRule(rules[broken]!)];
          const at = mutated.length - 1;
          expect(() => createReplyPreview({ rules: mutated as ReplyPreviewRule[], sink: () => undefined, maxChars })).toThrow(
            expect.objectContaining({
              code: 'CONFIG_INVALID',
              message: expect.stringMatching(new RegExp(`^createReplyPreview options: rules\\[${at}\\]\\.${field.replace(/[[\].]/g, '\\$&')} `)),
              details: expect.objectContaining({ field: `rules[${at}].${field}`, rule }),
            }),
          );
        },
      ),
    );
  });

  it('refuses a rule shadowed by an earlier one, naming both', () => {
    fc.assert(
      fc.property(validOptions, fc.boolean(), ({ rules }, general) => {
        const [first] = rules;
        const shadowed = general || first!.stageId === undefined ? first! : { ...first!, stageId: first!.stageId };
        const withCopy = [...rules, { ...shadowed, paths: undefined, when: undefined }];
        expect(() => createReplyPreview({ rules: withCopy, sink: () => undefined })).toThrow(
          expect.objectContaining({
            message: `createReplyPreview options: rules[${rules.length}] can never match: rules[0] comes first and matches every stage and tool it does`,
            details: expect.objectContaining({ field: `rules[${rules.length}]`, rule: 'shadowed' }),
          }),
        );
      }),
    );
  });

  it('refuses a sink that is not a function and a maxChars that is not a positive safe integer, naming the field', () => {
    fc.assert(
      fc.property(
        validOptions,
        fc.oneof(
          fc.record({ sink: fc.anything().filter((value) => typeof value !== 'function' && value !== undefined) }).map((bad) => ['sink', bad] as const),
          fc.record({ maxChars: fc.oneof(fc.integer({ max: 0 }), fc.double().filter((value) => !Number.isSafeInteger(value) || value < 1), fc.string()) }).map((bad) => ['maxChars', bad] as const),
        ),
        ({ rules }, [field, bad]) => {
          expect(() => createReplyPreview({ rules, sink: () => undefined, ...bad } as never)).toThrow(
            expect.objectContaining({ code: 'CONFIG_INVALID', details: expect.objectContaining({ field }) }),
          );
        },
      ),
    );
  });

  /** Valid output events, each with its kind's fields. */
  const validEvent: fc.Arbitrary<OutputEvent> = fc.oneof(
    fc.record({ type: fc.constant('stage-start' as const), stageId: fc.string(), mode: fc.constantFrom('text' as const, 'tools' as const), toolIds: fc.array(fc.string()) }),
    fc.record({ type: fc.constant('text-delta' as const), stageId: fc.string(), text: fc.string() }),
    fc.record({ type: fc.constant('tool-call-delta' as const), stageId: fc.string(), callId: fc.string(), toolId: fc.string(), argsDelta: fc.string() }),
    fc.record({ type: fc.constant('stage-end' as const), stageId: fc.string(), ok: fc.boolean(), code: fc.option(fc.string(), { nil: undefined }) }),
  );
  const notString = fc.anything().filter((value) => typeof value !== 'string');

  it('accepts every valid output event, and refuses each field of it made invalid, naming the field', () => {
    fc.assert(
      fc.property(validEvent, fc.nat(), notString, (event, pick, bad) => {
        const preview = createReplyPreview({ rules: [{}, { toolId: 't' }], sink: () => undefined });
        expect(() => preview.write(event)).not.toThrow();
        const fields = Object.keys(event).filter((key) => key !== 'type' && !(key === 'code' && event.type === 'stage-end' && bad === undefined));
        const field = fields[pick % fields.length]!;
        const broken = { ...event, [field]: field === 'toolIds' ? [bad] : field === 'ok' ? String(bad) : bad };
        const named = field === 'toolIds' ? 'toolIds[0]' : field;
        if (field === 'toolIds' && typeof bad === 'string') return;
        expect(() => preview.write(broken as never)).toThrow(
          expect.objectContaining({ code: 'INPUT_INVALID', message: expect.stringMatching(new RegExp(`^reply preview event: ${named.replace(/[[\].]/g, '\\$&')} `)), details: expect.objectContaining({ field: named }) }),
        );
      }),
    );
  });

  it('rejects any other input with an AgentCoreError and nothing else', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (options, event) => {
        try {
          createReplyPreview(options as never);
        } catch (error) {
          expect(AgentCoreError.isInstance(error)).toBe(true);
        }
        const preview = createReplyPreview({ rules: [{}], sink: () => undefined });
        try {
          void preview.write(event as never);
        } catch (error) {
          expect(AgentCoreError.isInstance(error)).toBe(true);
        }
      }),
    );
  });
});
