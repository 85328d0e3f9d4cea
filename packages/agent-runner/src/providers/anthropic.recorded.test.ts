import type { ModelMessage, ProviderChunk } from '@jangts/agent-types';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from '../index.js';
import { createAnthropicProvider } from './anthropic.js';
import { callChunks, finishChunk, textChunks } from './testing/chunk-builders.js';
import { collectStream } from './testing/collect-stream.js';
import { readFixture } from './testing/fixture-path.js';
import { CHUNKINGS, serveRecording } from './testing/serve-recording.js';
import { splitPieces } from './testing/split-pieces.js';
import { splitMessages } from './testing/split-messages.js';
import { sseFromJsonl } from './testing/sse-from-jsonl.js';
import { useReplayServer } from './testing/use-replay-server.js';

const NOTE_ID = 'd10aa585-982b-4bd9-984e-420f9b3717f7';
const tools = [
  { id: 'get_weather', description: 'Weather', parameters: Type.Object({ location: Type.String() }) },
  { id: 'make_file', description: 'Write a file', parameters: Type.Object({ filename: Type.String(), lines_of_text: Type.Array(Type.String()) }) },
  { id: 'updateIssueList', description: 'Update the issue list', parameters: Type.Object({}) },
  { id: 'readNoteTree', description: 'Read the note tree', parameters: Type.Object({ noteId: Type.String() }) },
  {
    id: 'executeEditorOperation',
    description: 'Edit the note',
    parameters: Type.Object({
      noteId: Type.String(),
      operations: Type.Array(
        Type.Object({
          op: Type.String(),
          type: Type.String(),
          text: Type.String(),
          at: Type.Object({ type: Type.String(), path: Type.Array(Type.Number()) }),
        }),
      ),
    }),
  },
];

const STEP_1_TEXT = [
  "I'll help you with", ' this', ' task', '. Let me start by reading the note', ' tree to see',
  ' the current structure, and then search', ' for the right tools to add a', ' bullet', ' point', '.',
];
const STEP_1: readonly ProviderChunk[] = [
  ...textChunks(...STEP_1_TEXT),
  ...callChunks('toolu_01U8pzAHj2vNdPCA2Kf8JjeN', 'readNoteTree', '{"noteId": "d10aa585-982b', '-4bd9-984e-', '420f9b3717f7', '"}'),
  finishChunk('tool-calls', { inputTokens: 879, outputTokens: 177 }),
];
const TRUNCATED_ARGS = [
  '{"filename": "taxes.txt',
  '", "lines_of_text": [\n"# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s",\n"",\n"## INTRODUCTION",\n"",',
  '\n"Filing taxes',
];

interface RecordedCase {
  readonly file: string;
  readonly chunks: readonly ProviderChunk[];
  readonly outcome: { readonly result: Record<string, unknown> } | { readonly error: Record<string, unknown> };
}

const CASES: readonly RecordedCase[] = [
  {
    file: 'messages-text-then-tool-use.sse',
    chunks: [
      ...textChunks('I', "'ll check the current weather in Paris for you."),
      ...callChunks('toolu_01NRLabsLyVHZPKxbKvkfSMn', 'get_weather', '{"locati', 'on": "P', 'ar', 'is"}'),
      finishChunk('tool-calls', { inputTokens: 377, outputTokens: 65 }),
    ],
    outcome: {
      result: {
        value: [{ callId: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', toolId: 'get_weather', args: { location: 'Paris' } }],
        text: "I'll check the current weather in Paris for you.",
        finishReason: 'tool-calls',
        usage: { inputTokens: 377, outputTokens: 65 },
      },
    },
  },
  {
    file: 'messages-tool-use-truncated-max-tokens.sse',
    chunks: [
      ...textChunks(
        'I',
        "'ll create a comprehensive tax guide for",
        ' someone with multiple W2s an',
        'd save it in a file called taxes.txt. Let',
        ' me do that for you now.',
      ),
      ...callChunks('toolu_01EKqbqmZrGRXy18eN7m9kvY', 'make_file', ...TRUNCATED_ARGS),
      finishChunk('length', { inputTokens: 450, outputTokens: 124 }),
    ],
    outcome: { error: { code: 'OUTPUT_INVALID' } },
  },
  {
    file: 'messages-tool-use-no-args.chunks.jsonl',
    chunks: [
      ...textChunks("I'll update the issue list for", ' you.'),
      ...callChunks('toolu_01QE1WLsSVp5hy5Q3GmGTmjP', 'updateIssueList', ''),
      finishChunk('tool-calls', { inputTokens: 565, outputTokens: 48 }),
    ],
    outcome: {
      result: {
        value: [{ callId: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', toolId: 'updateIssueList', args: {} }],
        text: "I'll update the issue list for you.",
        finishReason: 'tool-calls',
      },
    },
  },
  {
    file: 'messages-multistep-tool-use-long-args.chunks.jsonl',
    chunks: STEP_1,
    outcome: {
      result: {
        value: [{ callId: 'toolu_01U8pzAHj2vNdPCA2Kf8JjeN', toolId: 'readNoteTree', args: { noteId: NOTE_ID } }],
        text: STEP_1_TEXT.join(''),
        finishReason: 'tool-calls',
      },
    },
  },
];

const server = useReplayServer();

const provider = () => createAnthropicProvider({ baseURL: server.url, model: 'claude-sonnet-4-5', maxTokens: 1024, apiKey: 'sk-ant-recorded' });

describe('createAnthropicProvider replaying recorded streams', () => {
  describe.each(CASES)('$file', ({ file, chunks, outcome }) => {
    it.each(CHUNKINGS)('yields the exact chunk sequence when the body arrives %j', async (chunking) => {
      server.enqueue(serveRecording(`recorded/anthropic/${file}`, chunking, true));
      const collected = await collectStream(provider(), { stageId: 'recorded', messages: [{ role: 'user', content: 'hi' }], tools: [] });
      expect(collected.error).toBeUndefined();
      expect(collected.chunks).toEqual(chunks);
    });

    it('gives the right ModelRunner result', async () => {
      server.enqueue(serveRecording(`recorded/anthropic/${file}`, { bytes: 64 }, true));
      const settled = await new ModelRunner({ provider: provider() })
        .invoke({ input: 'hi', stageId: 'recorded', tools })
        .then((result) => ({ result }), (error: unknown) => ({ error }));
      expect(settled).toMatchObject(outcome);
    });
  });

  it('runs the multi-step recording as three calls of one tool loop, ignoring server tools and unknown blocks', async () => {
    const sessions = splitMessages(readFixture('recorded/anthropic/messages-multistep-tool-use-long-args.chunks.jsonl'));
    expect(sessions).toHaveLength(3);
    server.enqueue(...sessions.map((session) => ({ pieces: splitPieces(sseFromJsonl(session, true), { bytes: 29 }) })));
    const runner = new ModelRunner({ provider: provider() });
    const messages: ModelMessage[] = [{ role: 'user', content: 'Add a bullet "bye" after "hi".' }];
    const results = [];
    for (let step = 0; step < 3; step += 1) {
      const result = await runner.invoke({ input: messages, stageId: 'agent', tools });
      results.push(result);
      messages.push({ role: 'assistant', content: result.text, toolCalls: result.proposals });
      for (const proposal of result.proposals) messages.push({ role: 'tool', callId: proposal.callId, content: `ran ${proposal.toolId}` });
    }
    expect(results.map((result) => result.proposals)).toEqual([
      [{ callId: 'toolu_01U8pzAHj2vNdPCA2Kf8JjeN', toolId: 'readNoteTree', args: { noteId: NOTE_ID } }],
      [
        {
          callId: 'toolu_01QoRrvXNv6w4vZSyo9cnxP2',
          toolId: 'executeEditorOperation',
          args: {
            noteId: NOTE_ID,
            operations: [{ op: 'insert_node', type: 'bulletedListItem', text: 'bye', at: { type: 'path', path: [1] } }],
          },
        },
      ],
      [],
    ]);
    expect(results[1]?.text.startsWith('Perfect! I can see the current note structure')).toBe(true);
    expect(results[2]).toMatchObject({ finishReason: 'stop', usage: { inputTokens: 1639, outputTokens: 95 } });
    expect(results[2]?.text.endsWith('The operation was successful!')).toBe(true);
    expect((server.requests[2]?.body as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Add a bullet "bye" after "hi".' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: STEP_1_TEXT.join('') },
          { type: 'tool_use', id: 'toolu_01U8pzAHj2vNdPCA2Kf8JjeN', name: 'readNoteTree', input: { noteId: NOTE_ID } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01U8pzAHj2vNdPCA2Kf8JjeN', content: 'ran readNoteTree' }] },
      expect.objectContaining({ role: 'assistant' }),
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01QoRrvXNv6w4vZSyo9cnxP2', content: 'ran executeEditorOperation' }] },
    ]);
  });
});
