import { APICallError, type LanguageModelV4CallOptions, type LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { expect } from 'vitest';
import { fromAiSdkModel } from '../../ai-sdk.js';
import { fixturePath, readFixture } from '../fixture-path.js';
import { existsSync } from 'node:fs';
import type { ConformanceHarness, RecordingCue } from './conformance-harness.js';
import { CONFORMANCE_WIRE_TOOLS } from './conformance-tools.js';

/** Reads a `*.parts.jsonl` recording: one V4 stream part per line (`timestamp`s revived as dates). */
export function readParts(relative: string): LanguageModelV4StreamPart[] {
  return readFixture(relative)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const part = JSON.parse(line) as LanguageModelV4StreamPart & { timestamp?: string | Date };
      if (typeof part.timestamp === 'string') part.timestamp = new Date(part.timestamp);
      return part;
    });
}

/**
 * A stream of recorded parts that ends as the cue says: closes, fails like a reset connection
 * (undici's `TypeError: terminated`), or stays open until the call's signal aborts it.
 */
function recordedStream(
  parts: readonly LanguageModelV4StreamPart[],
  then: NonNullable<RecordingCue['then']>,
  signal: AbortSignal | undefined,
  onClosed: (how: 'by-client' | 'completed') => void,
): ReadableStream<LanguageModelV4StreamPart> {
  let index = 0;
  return new ReadableStream<LanguageModelV4StreamPart>({
    pull: async (controller) => {
      await new Promise((resolve) => setImmediate(resolve));
      const part = parts[index];
      index += 1;
      if (part !== undefined) {
        controller.enqueue(part);
        return;
      }
      if (then === 'end') {
        controller.close();
        onClosed('completed');
      } else if (then === 'reset') {
        const socketError = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
        controller.error(new TypeError('terminated', { cause: socketError }));
        onClosed('completed');
      } else {
        await new Promise<void>((resolve) => {
          if (signal?.aborted === true) resolve();
          signal?.addEventListener('abort', () => {
            resolve();
          });
        });
        controller.error(signal?.reason);
        onClosed('by-client');
      }
    },
    cancel: () => {
      onClosed('by-client');
    },
  });
}

/** The AI SDK adapter over `MockLanguageModelV4`, replaying `*.parts.jsonl` recordings. */
export function aiSdkHarness(apiKey: string): ConformanceHarness {
  let queue: RecordingCue[] = [];
  let model = new MockLanguageModelV4();
  let closedSignals: Promise<'by-client' | 'completed'>[] = [];
  const doStream = (options: LanguageModelV4CallOptions) => {
    const cue = queue.shift();
    if (cue === undefined) return Promise.reject(new Error('mock model: no scripted response'));
    let markClosed: (how: 'by-client' | 'completed') => void = () => undefined;
    closedSignals.push(
      new Promise<'by-client' | 'completed'>((resolve) => {
        markClosed = resolve;
      }),
    );
    const base = `conformance/ai-sdk/${cue.name}`;
    if (existsSync(fixturePath(`${base}.http.json`))) {
      markClosed('completed');
      const recording = JSON.parse(readFixture(`${base}.http.json`)) as {
        status: number;
        headers: Record<string, string>;
        body: { error: { message: string } };
      };
      const status = recording.status;
      return Promise.reject(
        new APICallError({
          message: recording.body.error.message,
          url: 'https://api.example.com/v1/messages',
          requestBodyValues: {},
          statusCode: status,
          responseHeaders: recording.headers,
          responseBody: JSON.stringify(recording.body),
          isRetryable: status === 408 || status === 409 || status === 429 || status >= 500,
        }),
      );
    }
    const stream = recordedStream(readParts(`${base}.parts.jsonl`), cue.then ?? 'end', options.abortSignal, markClosed);
    return Promise.resolve({ stream });
  };
  return {
    name: 'ai-sdk',
    apiKey,
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    serve: (cues) => {
      queue = [...cues];
      closedSignals = [];
      model = new MockLanguageModelV4({ provider: 'mock-provider', modelId: 'mock-model', doStream });
    },
    provider: () => fromAiSdkModel(model),
    calls: () => model.doStreamCalls.length,
    lastCallClosed: () => closedSignals.at(-1) ?? Promise.resolve(undefined),
    checkRequestMapping: (index) => {
      const call = model.doStreamCalls[index];
      expect(call?.abortSignal).toBeInstanceOf(AbortSignal);
      expect(call?.prompt).toEqual([
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather and time in Paris?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me check.' },
            { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool-call', toolCallId: 'call_2', toolName: 'get_time', input: { zone: 'Europe/Paris' } },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather', output: { type: 'text', value: '18°C, cloudy' } }],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'call_2', toolName: 'get_time', output: { type: 'text', value: '14:05' } }],
        },
        { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
      ]);
      expect(JSON.parse(JSON.stringify(call?.tools))).toEqual(
        CONFORMANCE_WIRE_TOOLS.map((tool) => ({
          type: 'function',
          name: tool.id,
          description: tool.description,
          inputSchema: tool.parameters,
        })),
      );
    },
  };
}
