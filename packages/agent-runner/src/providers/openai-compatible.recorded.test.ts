import type { ProviderChunk } from '@jangts/agent-types';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { ModelRunner } from '../index.js';
import { createOpenAICompatibleProvider } from './openai-compatible.js';
import { callChunks, finishChunk, textChunks } from './testing/chunk-builders.js';
import { collectStream } from './testing/collect-stream.js';
import { CHUNKINGS, serveRecording } from './testing/serve-recording.js';
import { useReplayServer } from './testing/use-replay-server.js';

const tools = [
  {
    id: 'GetWeatherArgs',
    description: 'Weather',
    parameters: Type.Object({ city: Type.String(), country: Type.String(), units: Type.String() }),
  },
  { id: 'get_stock_price', description: 'Stock price', parameters: Type.Object({ ticker: Type.String(), exchange: Type.String() }) },
  { id: 'get_weather', description: 'Weather', parameters: Type.Object({ city: Type.String(), state: Type.String() }) },
  { id: 'read_file', description: 'Read a file', parameters: Type.Object({ path: Type.String() }) },
  { id: 'weather', description: 'Weather', parameters: Type.Object({ location: Type.String() }) },
];

const GPT_TEXT = [
  "I'm", ' unable', ' to', ' provide', ' real', '-time', ' weather', ' updates', '.', ' To', ' get', ' the', ' current',
  ' weather', ' in', ' San', ' Francisco', ',', ' I', ' recommend', ' checking', ' a', ' reliable', ' weather', ' website',
  ' or', ' a', ' weather', ' app', '.',
];

interface RecordedCase {
  readonly file: string;
  readonly chunks: readonly ProviderChunk[];
  readonly stage: 'text' | 'tools';
  readonly result: Record<string, unknown>;
}

const CASES: readonly RecordedCase[] = [
  {
    file: 'chat-text-gpt-4o.sse',
    chunks: [...textChunks(...GPT_TEXT), finishChunk('stop', { inputTokens: 14, outputTokens: 30 })],
    stage: 'text',
    result: { value: GPT_TEXT.join(''), finishReason: 'stop', usage: { inputTokens: 14, outputTokens: 30 } },
  },
  {
    file: 'chat-parallel-tool-calls-gpt-4o.sse',
    chunks: [
      ...callChunks('call_JMW1whyEaYG438VE1OIflxA2', 'GetWeatherArgs', '', '{"ci', 'ty": ', '"Edinb', 'urgh', '", "c', 'ountry', '": "', 'GB", ', '"units', '": "', 'c"}'),
      ...callChunks('call_DNYTawLBoN8fj3KN6qU9N1Ou', 'get_stock_price', '', '{"ti', 'cker"', ': "AAP', 'L", ', '"exch', 'ange":', ' "NA', 'SDAQ"', '}'),
      finishChunk('tool-calls', { inputTokens: 149, outputTokens: 60 }),
    ],
    stage: 'tools',
    result: {
      value: [
        { callId: 'call_JMW1whyEaYG438VE1OIflxA2', toolId: 'GetWeatherArgs', args: { city: 'Edinburgh', country: 'GB', units: 'c' } },
        { callId: 'call_DNYTawLBoN8fj3KN6qU9N1Ou', toolId: 'get_stock_price', args: { ticker: 'AAPL', exchange: 'NASDAQ' } },
      ],
      text: '',
      finishReason: 'tool-calls',
      usage: { inputTokens: 149, outputTokens: 60 },
    },
  },
  {
    file: 'chat-tool-call-strict-gpt-4o.sse',
    chunks: [
      ...callChunks('call_CTf1nWJLqSeRgDqaCG27xZ74', 'get_weather', '', '{"', 'city', '":"', 'San', ' Francisco', '","', 'state', '":"', 'CA', '"}'),
      finishChunk('tool-calls', { inputTokens: 48, outputTokens: 19 }),
    ],
    stage: 'tools',
    result: {
      value: [{ callId: 'call_CTf1nWJLqSeRgDqaCG27xZ74', toolId: 'get_weather', args: { city: 'San Francisco', state: 'CA' } }],
      finishReason: 'tool-calls',
      usage: { inputTokens: 48, outputTokens: 19 },
    },
  },
  {
    file: 'chat-finish-length-gpt-4o.sse',
    chunks: [...textChunks('{"'), finishChunk('length', { inputTokens: 79, outputTokens: 1 })],
    stage: 'text',
    result: { value: '{"', finishReason: 'length', usage: { inputTokens: 79, outputTokens: 1 } },
  },
  {
    file: 'compat-claude-text-then-tool-call.sse',
    chunks: [
      ...textChunks('Reading', ' it.'),
      ...callChunks('toolu_sanitized', 'read_file', '', '{"pa', 'th": "a.txt"}'),
      finishChunk('tool-calls'),
    ],
    stage: 'tools',
    result: {
      value: [{ callId: 'toolu_sanitized', toolId: 'read_file', args: { path: 'a.txt' } }],
      text: 'Reading it.',
      finishReason: 'tool-calls',
    },
  },
  {
    file: 'compat-qwen3-max-tool-call.chunks.jsonl',
    chunks: [
      ...callChunks('call_eee11723464a4b9eb8cee71d', 'weather', '', '{"location": "San Francisco', '"}'),
      finishChunk('tool-calls', { inputTokens: 295, outputTokens: 22 }),
    ],
    stage: 'tools',
    result: {
      value: [{ callId: 'call_eee11723464a4b9eb8cee71d', toolId: 'weather', args: { location: 'San Francisco' } }],
      finishReason: 'tool-calls',
      usage: { inputTokens: 295, outputTokens: 22 },
    },
  },
];

const server = useReplayServer();

const provider = () => createOpenAICompatibleProvider({ baseURL: server.url, model: 'gpt-4o', apiKey: 'sk-recorded' });

describe('createOpenAICompatibleProvider replaying recorded streams', () => {
  describe.each(CASES)('$file', ({ file, chunks, stage, result }) => {
    it.each(CHUNKINGS)('yields the exact chunk sequence when the body arrives %j', async (chunking) => {
      server.enqueue(serveRecording(`recorded/openai/${file}`, chunking));
      const collected = await collectStream(provider(), {
        stageId: 'recorded',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [],
      });
      expect(collected.error).toBeUndefined();
      expect(collected.chunks).toEqual(chunks);
    });

    it('gives the right ModelRunner result', async () => {
      server.enqueue(serveRecording(`recorded/openai/${file}`, { bytes: 64 }));
      const runner = new ModelRunner({ provider: provider() });
      const outcome = await runner.invoke({ input: 'hi', stageId: 'recorded', ...(stage === 'tools' ? { tools } : {}) });
      expect(outcome).toMatchObject({ stageId: 'recorded', ...result });
    });
  });
});
