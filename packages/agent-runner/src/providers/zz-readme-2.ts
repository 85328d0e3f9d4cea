import { ModelRunner } from '@jangts/agent-runner';
import { fromAiSdkModel } from '@jangts/agent-runner/providers/ai-sdk';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

const model = new MockLanguageModelV4({
  doStream: async () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hello' },
        { type: 'text-end', id: 't' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 1, text: 1, reasoning: undefined },
          },
        },
      ],
    }),
  }),
});
const result = await new ModelRunner({ provider: fromAiSdkModel(model) }).invoke({ input: 'hi', stageId: 'reply' });
console.log(result.value); // Hello
