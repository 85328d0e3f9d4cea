import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// `@jangts/agent-preview` is not a dependency of this package; the test reaches its sources directly.
import { createReplyPreview } from '@jangts/agent-preview';
import { ModelRunner } from '../index.js';
import { aiSdkHarness } from './testing/conformance/ai-sdk-harness.js';
import { anthropicHarness } from './testing/conformance/anthropic-harness.js';
import type { ConformanceHarness } from './testing/conformance/conformance-harness.js';
import { openAIHarness } from './testing/conformance/openai-harness.js';

const harnesses: readonly ConformanceHarness[] = [
  openAIHarness('sk-preview', { bytes: 5 }),
  anthropicHarness('sk-preview', { bytes: 5 }),
  aiSdkHarness('sk-preview'),
];

const replyTool = {
  id: 'reply',
  description: 'Answer in chat bubbles',
  parameters: Type.Object({ bubbles: Type.Array(Type.String()) }),
};

async function runWithPreview(harness: ConformanceHarness, stage: 'text' | 'tools') {
  const shown: (readonly string[])[] = [];
  const preview = createReplyPreview({
    rules: stage === 'text' ? [{}] : [{ toolId: 'reply' }],
    sink: (bubbles) => {
      shown.push(bubbles);
    },
  });
  const settled = await new ModelRunner({ provider: harness.provider(), sink: { output: preview }, retry: { attempts: 1 } })
    .invoke({ input: 'Say hello', stageId: 'reply', ...(stage === 'tools' ? { tools: [replyTool] } : {}) })
    .then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
  return { shown, settled };
}

describe.each(harnesses)('reply preview over $name', (harness) => {
  beforeAll(() => harness.start());
  afterAll(() => harness.stop());

  it('shows the streamed text of a plain-text stage as one growing bubble', async () => {
    harness.serve([{ name: 'text' }]);
    const { shown, settled } = await runWithPreview(harness, 'text');
    expect(settled).toMatchObject({ result: { value: 'Hello, world!' } });
    expect(shown).toEqual([['Hello'], ['Hello, world!']]);
  });

  it('shows the bubbles of streamed tool arguments as they grow', async () => {
    harness.serve([{ name: 'preview-tool-call' }]);
    const { shown, settled } = await runWithPreview(harness, 'tools');
    expect(settled).toMatchObject({ result: { value: [{ callId: 'call_7', toolId: 'reply', args: { bubbles: ['Hello', 'World'] } }] } });
    expect(shown).toEqual([['Hel'], ['Hello', 'Wor'], ['Hello', 'World']]);
  });

  it('withdraws the bubbles when the stream fails after output started', async () => {
    harness.serve([{ name: 'error-mid-stream' }]);
    const { shown, settled } = await runWithPreview(harness, 'text');
    expect(settled).toMatchObject({ error: { code: 'PROVIDER_FAILED' } });
    expect(shown).toEqual([['Hel'], []]);
  });
});
