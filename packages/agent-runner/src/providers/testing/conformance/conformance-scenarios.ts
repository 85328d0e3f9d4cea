import type { FinishReason, JsonObject, ModelMessage, ModelUsage, ToolProposal } from '@jangts/agent-types';
import type { RecordingCue } from './conformance-harness.js';
import { MAPPING_CONVERSATION } from './mapping-conversation.js';

/** What the first call of a scenario streams, folded (see `foldChunks`). */
export interface ExpectedStream {
  readonly text: string;
  /** Each call's joined argument text (empty text counts as `{}`). */
  readonly calls: readonly { readonly callId: string; readonly toolId: string; readonly args: string }[];
  readonly finish?: { readonly reason: FinishReason; readonly usage?: ModelUsage };
  /** The error the call ends with: its code and a subset of its details. */
  readonly error?: { readonly code: string; readonly details?: JsonObject };
}

/** What `ModelRunner.invoke` settles with, and how many calls reached the server. */
export type ExpectedRun =
  | {
      readonly result: {
        readonly value: string | readonly ToolProposal[];
        readonly text: string;
        readonly proposals: readonly ToolProposal[];
        readonly finishReason: FinishReason;
        readonly usage?: ModelUsage;
      };
      readonly calls: number;
    }
  | { readonly error: { readonly code: string; readonly details?: JsonObject }; readonly calls: number };

/** One conformance scenario: the same recordings (per protocol) and the same expected results for every provider. */
export interface ConformanceScenario {
  readonly name: string;
  readonly stage: 'text' | 'tools';
  readonly input: string | readonly ModelMessage[];
  /** One recording per call the runner makes. */
  readonly cues: readonly RecordingCue[];
  readonly stream: ExpectedStream;
  readonly run: ExpectedRun;
  /** The request-mapping scenario: check the wire request too. */
  readonly checksRequest?: boolean;
  /** The abort scenario: the caller aborts after the first text chunk. */
  readonly aborts?: boolean;
}

const HELLO_STREAM: ExpectedStream = { text: 'Hello, world!', calls: [], finish: { reason: 'stop', usage: { inputTokens: 12, outputTokens: 4 } } };
const HELLO_RUN: Extract<ExpectedRun, { result: unknown }>['result'] = {
  value: 'Hello, world!',
  text: 'Hello, world!',
  proposals: [],
  finishReason: 'stop',
  usage: { inputTokens: 12, outputTokens: 4 },
};
const WEATHER: ToolProposal = { callId: 'call_1', toolId: 'get_weather', args: { city: 'Paris' } };
const TIME: ToolProposal = { callId: 'call_2', toolId: 'get_time', args: { zone: 'Europe/Paris' } };
const WEATHER_CALL = { callId: 'call_1', toolId: 'get_weather', args: '{"city": "Paris"}' };
const PARALLEL_CALLS = [WEATHER_CALL, { callId: 'call_2', toolId: 'get_time', args: '{"zone": "Europe/Paris"}' }];
const failed = (details: JsonObject) => ({ code: 'PROVIDER_FAILED', details });

/** Every scenario of the conformance suite. */
export const CONFORMANCE_SCENARIOS: readonly ConformanceScenario[] = [
  {
    name: 'streams text and finishes with stop and usage',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'text' }],
    stream: HELLO_STREAM,
    run: { result: HELLO_RUN, calls: 1 },
  },
  {
    name: 'ignores keep-alive comments and pings',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'keep-alive' }],
    stream: HELLO_STREAM,
    run: { result: HELLO_RUN, calls: 1 },
  },
  {
    name: 'streams two tool calls with arguments in pieces',
    stage: 'tools',
    input: 'Weather and time in Paris?',
    cues: [{ name: 'tool-calls-parallel' }],
    stream: { text: '', calls: PARALLEL_CALLS, finish: { reason: 'tool-calls', usage: { inputTokens: 20, outputTokens: 30 } } },
    run: {
      result: { value: [WEATHER, TIME], text: '', proposals: [WEATHER, TIME], finishReason: 'tool-calls', usage: { inputTokens: 20, outputTokens: 30 } },
      calls: 1,
    },
  },
  {
    name: 'gives a tool call without arguments the arguments {}',
    stage: 'tools',
    input: 'Which cities?',
    cues: [{ name: 'tool-call-no-args' }],
    stream: {
      text: '',
      calls: [{ callId: 'call_3', toolId: 'list_cities', args: '{}' }],
      finish: { reason: 'tool-calls', usage: { inputTokens: 15, outputTokens: 6 } },
    },
    run: {
      result: {
        value: [{ callId: 'call_3', toolId: 'list_cities', args: {} }],
        text: '',
        proposals: [{ callId: 'call_3', toolId: 'list_cities', args: {} }],
        finishReason: 'tool-calls',
        usage: { inputTokens: 15, outputTokens: 6 },
      },
      calls: 1,
    },
  },
  {
    name: 'streams text and then a tool call',
    stage: 'tools',
    input: 'Weather in Paris?',
    cues: [{ name: 'text-then-tool-call' }],
    stream: { text: 'Let me check.', calls: [WEATHER_CALL], finish: { reason: 'tool-calls', usage: { inputTokens: 20, outputTokens: 18 } } },
    run: {
      result: { value: [WEATHER], text: 'Let me check.', proposals: [WEATHER], finishReason: 'tool-calls', usage: { inputTokens: 20, outputTokens: 18 } },
      calls: 1,
    },
  },
  {
    name: 'succeeds with finish reason length in a plain-text stage',
    stage: 'text',
    input: 'Tell a story',
    cues: [{ name: 'finish-length' }],
    stream: { text: 'Once upon a time', calls: [], finish: { reason: 'length', usage: { inputTokens: 9, outputTokens: 3 } } },
    run: {
      result: { value: 'Once upon a time', text: 'Once upon a time', proposals: [], finishReason: 'length', usage: { inputTokens: 9, outputTokens: 3 } },
      calls: 1,
    },
  },
  {
    name: 'rejects tool arguments cut off by the length limit',
    stage: 'tools',
    input: 'Weather in Paris?',
    cues: [{ name: 'tool-call-truncated' }],
    stream: {
      text: '',
      calls: [{ callId: 'call_1', toolId: 'get_weather', args: '{"city": "Par' }],
      finish: { reason: 'length', usage: { inputTokens: 20, outputTokens: 5 } },
    },
    run: { error: { code: 'OUTPUT_INVALID' }, calls: 1 },
  },
  {
    name: 'maps a content filter stop to content-filter',
    stage: 'text',
    input: 'Something risky',
    cues: [{ name: 'content-filter' }],
    stream: { text: 'I can', calls: [], finish: { reason: 'content-filter', usage: { inputTokens: 11, outputTokens: 2 } } },
    run: {
      result: { value: 'I can', text: 'I can', proposals: [], finishReason: 'content-filter', usage: { inputTokens: 11, outputTokens: 2 } },
      calls: 1,
    },
  },
  {
    name: 'fails on HTTP 400 without retrying',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'http-400' }],
    stream: { text: '', calls: [], error: failed({ status: 400, retryable: false }) },
    run: { error: failed({ status: 400, retryable: false }), calls: 1 },
  },
  {
    name: 'fails on HTTP 401 without retrying and without the API key',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'http-401' }],
    stream: { text: '', calls: [], error: failed({ status: 401, retryable: false }) },
    run: { error: failed({ status: 401, retryable: false }), calls: 1 },
  },
  {
    name: 'retries HTTP 429 after its retry-after and then succeeds',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'http-429' }, { name: 'text' }],
    stream: { text: '', calls: [], error: failed({ status: 429, retryable: true, retryAfterMs: 1000 }) },
    run: { result: HELLO_RUN, calls: 2 },
  },
  {
    name: 'retries HTTP 500 up to the attempt limit',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'http-500' }, { name: 'http-500' }, { name: 'http-500' }],
    stream: { text: '', calls: [], error: failed({ status: 500, retryable: true }) },
    run: { error: failed({ status: 500, retryable: true }), calls: 3 },
  },
  {
    name: 'retries an overload error sent before any output',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'error-before-output' }, { name: 'text' }],
    stream: { text: '', calls: [], error: failed({ retryable: true }) },
    run: { result: HELLO_RUN, calls: 2 },
  },
  {
    name: 'fails on an error event after output started, without retrying',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'error-mid-stream' }],
    stream: { text: 'Hel', calls: [], error: failed({ retryable: true }) },
    run: { error: failed({ retryable: true }), calls: 1 },
  },
  {
    name: 'fails on a connection reset mid-stream, without retrying',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'reset-mid-stream', then: 'reset' }],
    stream: { text: 'Hel', calls: [], error: failed({ retryable: true }) },
    run: { error: failed({ retryable: true }), calls: 1 },
  },
  {
    name: 'fails on malformed JSON in the stream',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'malformed-json' }],
    stream: { text: 'Hel', calls: [], error: failed({ retryable: false }) },
    run: { error: failed({ retryable: false }), calls: 1 },
  },
  {
    name: 'fails on a stream that ends without a finish',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'ends-without-finish' }],
    stream: { text: 'Hello', calls: [], error: failed({ retryable: true }) },
    run: { error: failed({ retryable: true }), calls: 1 },
  },
  {
    name: 'stops and closes the request when the caller aborts',
    stage: 'text',
    input: 'Say hello',
    cues: [{ name: 'abort', then: 'hang' }],
    stream: { text: 'Hel', calls: [], error: { code: 'ABORTED' } },
    run: { error: { code: 'ABORTED' }, calls: 1 },
    aborts: true,
  },
  {
    name: 'sends system, user, assistant tool calls, tool results and tools in the wire shape',
    stage: 'tools',
    input: MAPPING_CONVERSATION,
    cues: [{ name: 'tool-calls-parallel' }],
    stream: { text: '', calls: PARALLEL_CALLS, finish: { reason: 'tool-calls', usage: { inputTokens: 20, outputTokens: 30 } } },
    run: {
      result: { value: [WEATHER, TIME], text: '', proposals: [WEATHER, TIME], finishReason: 'tool-calls', usage: { inputTokens: 20, outputTokens: 30 } },
      calls: 1,
    },
    checksRequest: true,
  },
];
