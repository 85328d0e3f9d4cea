import type { HistoryMessage, InvokeRequest, ModelMessage, ProviderChunk, ProviderRequest } from '@jangts/agent-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRunner } from '../index.js';
import { aiSdkHarness } from './testing/conformance/ai-sdk-harness.js';
import { anthropicHarness } from './testing/conformance/anthropic-harness.js';
import type { ConformanceHarness } from './testing/conformance/conformance-harness.js';
import { CONFORMANCE_SCENARIOS, type ConformanceScenario } from './testing/conformance/conformance-scenarios.js';
import { CONFORMANCE_TOOLS, CONFORMANCE_WIRE_TOOLS } from './testing/conformance/conformance-tools.js';
import { openAIHarness } from './testing/conformance/openai-harness.js';
import { expectNoSecret } from './testing/expect-no-secret.js';
import { foldChunks } from './testing/fold-chunks.js';
import { chunksOf } from './testing/collect-stream.js';

const API_KEY = 'sk-test-Zx9Qv7Lm3Kp2';

const harnesses: readonly ConformanceHarness[] = [
  openAIHarness(API_KEY, { bytes: 11 }),
  anthropicHarness(API_KEY, { bytes: 11 }),
  aiSdkHarness(API_KEY),
];

function messagesOf(scenario: ConformanceScenario): readonly ModelMessage[] {
  return typeof scenario.input === 'string' ? [{ role: 'user', content: scenario.input }] : scenario.input;
}

/**
 * What the runner is given for a scenario: a message list that starts with system messages goes
 * in as a conversation, its system messages as the checked context (a raw list may not fill the
 * system slot).
 */
function runnerInputOf(scenario: ConformanceScenario): InvokeRequest['input'] {
  if (typeof scenario.input === 'string') return scenario.input;
  const system = scenario.input.filter((message) => message.role === 'system');
  if (system.length === 0) return scenario.input;
  const messages = system.map(({ content }) => ({ role: 'system' as const, content, fragmentIds: [] }));
  return {
    context: { messages, fragmentUsage: [], inputChars: messages.reduce((sum, message) => sum + message.content.length, 0) },
    history: scenario.input.filter((message) => message.role !== 'system') as HistoryMessage[],
  };
}

function requestOf(scenario: ConformanceScenario): ProviderRequest {
  return {
    stageId: 'conformance',
    messages: messagesOf(scenario),
    tools: scenario.stage === 'tools' ? CONFORMANCE_WIRE_TOOLS : [],
  };
}

describe.each(harnesses)('conformance: $name', (harness) => {
  beforeAll(() => harness.start());
  afterAll(() => harness.stop());

  describe.each(CONFORMANCE_SCENARIOS)('$name', (scenario) => {
    it('streams the expected chunks', async () => {
      harness.serve(scenario.cues.slice(0, 1));
      const controller = new AbortController();
      const chunks: ProviderChunk[] = [];
      let error: unknown;
      try {
        for await (const item of harness.provider().stream(requestOf(scenario), { signal: controller.signal })) {
          for (const chunk of chunksOf(item)) {
            if (controller.signal.aborted) break;
            chunks.push(chunk);
            if (scenario.aborts === true && chunk.type === 'text') controller.abort();
          }
        }
      } catch (caught) {
        error = caught;
      }
      const folded = foldChunks(chunks);
      expect(folded.text).toBe(scenario.stream.text);
      expect(folded.calls.map((call) => ({ ...call, args: call.args === '' ? '{}' : call.args }))).toEqual(scenario.stream.calls);
      if (scenario.stream.error === undefined) {
        expect(error).toBeUndefined();
        expect(folded.finishes).toBe(1);
        expect(chunks.at(-1)).toEqual({ type: 'finish', ...scenario.stream.finish });
      } else {
        expect(folded.finishes).toBe(0);
        expect(error).toMatchObject(scenario.stream.error);
        expectNoSecret(error, harness.apiKey);
      }
      if (scenario.aborts === true) expect(await harness.lastCallClosed()).toBe('by-client');
      if (scenario.checksRequest === true) harness.checkRequestMapping(0);
    });

    it('gives the expected runner result', async () => {
      harness.serve(scenario.cues);
      const controller = new AbortController();
      const runner = new ModelRunner({
        provider: harness.provider(),
        retry: { attempts: 3, baseDelayMs: 1 },
        sink: {
          output: {
            write: (event) => {
              if (scenario.aborts === true && event.type === 'text-delta') controller.abort();
            },
          },
        },
      });
      const settled = await runner
        .invoke({
          input: runnerInputOf(scenario),
          stageId: 'conformance',
          ...(scenario.stage === 'tools' ? { tools: CONFORMANCE_TOOLS } : {}),
          signal: controller.signal,
        })
        .then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        );
      if ('result' in scenario.run) {
        expect(settled).toMatchObject({ result: { stageId: 'conformance', ...scenario.run.result } });
      } else {
        expect(settled).toMatchObject({ error: scenario.run.error });
        expectNoSecret((settled as { error: unknown }).error, harness.apiKey);
      }
      expect(harness.calls()).toBe(scenario.run.calls);
      if (scenario.aborts === true) expect(await harness.lastCallClosed()).toBe('by-client');
    });
  });
});
