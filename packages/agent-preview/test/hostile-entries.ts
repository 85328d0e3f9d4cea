import fc from 'fast-check';
import type { HostileEntry } from '../../agent-types/test/hostile-entry.js';
import { HostileCallError } from '../../agent-types/test/hostile-values.js';
import { createPartialJsonReader } from '../src/create-partial-json-reader.js';
import { createReplyPreview } from '../src/create-reply-preview.js';
import { parsePartialJson } from '../src/parse-partial-json.js';
import { text } from './arbitraries.js';

/** Valid reply-preview options: one or two rules, a sink, sometimes a budget, coalescing or a live list. */
const previewOptions = fc.record(
  {
    rules: fc.constantFrom(
      [{ stageId: 'reply', toolId: 'reply', paths: [['answer'], ['bubbles', '*']] }],
      [{ stageId: 'reply', toolId: 'reply', paths: [['answer']], when: { path: ['kind'], values: ['reply'] } }, { stageId: 'reply' }],
    ),
    sink: fc.constant(null).map(() => (bubbles: readonly string[]) => bubbles.length),
    maxChars: fc.integer({ min: 1, max: 4000 }),
    coalesce: fc.constantFrom('frame' as const, { intervalMs: 0 }),
    live: fc.boolean(),
  },
  { requiredKeys: ['rules', 'sink'] },
);

/** The events of one reply: a stage start, deltas of tool arguments or text, a stage end. */
const previewEvents = fc.tuple(text, text, fc.boolean()).map(([first, second, tools]) => [
  { type: 'stage-start', stageId: 'reply', mode: tools ? 'tools' : 'text', toolIds: tools ? ['reply'] : [] },
  tools ? { type: 'tool-call-delta', stageId: 'reply', callId: 'call-1', toolId: 'reply', argsDelta: `{"kind":"reply","answer":${JSON.stringify(first)}` } : { type: 'text-delta', stageId: 'reply', text: first },
  tools ? { type: 'tool-call-delta', stageId: 'reply', callId: 'call-1', toolId: 'reply', argsDelta: `,"bubbles":[${JSON.stringify(second)}]}` } : { type: 'text-delta', stageId: 'reply', text: second },
  { type: 'stage-end', stageId: 'reply', ok: true },
]);

const readerOptions = fc.option(fc.record({ paths: fc.constantFrom([['content']], [['items', '*', 'text']], []), value: fc.boolean() }, { requiredKeys: [] }), { nil: undefined });
const documentPieces = fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat(), fc.nat()).map(([value, cutA, cutB]) => {
  const document = JSON.stringify({ content: value, items: [{ text: String(cutA) }] });
  const [a, b] = [cutA % (document.length + 1), cutB % (document.length + 1)].sort((x, y) => x - y);
  return [document.slice(0, a), document.slice(a, b), document.slice(b)];
});

/** The public entry points of agent-preview, each with valid argument lists. */
export const previewHostileEntries: readonly HostileEntry[] = [
  {
    name: 'createReplyPreview + write',
    valid: fc.tuple(previewOptions, previewEvents).map(([options, events]) => [options, ...events]),
    run: async ([options, ...events]) => {
      const preview = createReplyPreview(options as never);
      for (const event of events) await preview.write(event as never);
    },
    // Documented: the write that called the sink throws or rejects with what the sink threw.
    handsBack: (error) => error instanceof HostileCallError,
  },
  {
    name: 'createPartialJsonReader + write',
    valid: fc.tuple(readerOptions, documentPieces).map(([options, pieces]) => [options, ...pieces]),
    run: ([options, ...pieces]) => {
      const reader = createPartialJsonReader(options as never);
      for (const piece of pieces) reader.write(piece as never);
      reader.end();
      return reader.value();
    },
  },
  {
    name: 'parsePartialJson',
    valid: fc.tuple(documentPieces.map(([first = '', second = '', rest = '']) => `${first}${second}${rest}`.slice(0, first.length + second.length))),
    run: ([document]) => parsePartialJson(document as never),
  },
];
