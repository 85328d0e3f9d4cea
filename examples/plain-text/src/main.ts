// A plain-text stage against a real model, its text printed as it streams. See README.md.
import { AgentCoreError, ModelRunner, assembleFragments, type ModelProvider } from '@jangts/agent-core';
import { createAnthropicProvider } from '@jangts/agent-core/providers/anthropic';
import { createOpenAICompatibleProvider } from '@jangts/agent-core/providers/openai-compatible';
import { startReplayServer } from './start-replay-server.js';

interface Model {
  readonly provider: ModelProvider;
  readonly name: string;
  close(): Promise<void>;
}

/** A real model when a key is set; else a loopback server replaying a stream recorded from gpt-4o. */
async function connectModel(): Promise<Model> {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, ANTHROPIC_API_KEY, ANTHROPIC_MODEL } = process.env;
  const close = async (): Promise<void> => {};
  if (OPENAI_API_KEY) {
    const baseURL = OPENAI_BASE_URL || 'https://api.openai.com/v1';
    const model = OPENAI_MODEL || 'gpt-4o-mini';
    return { provider: createOpenAICompatibleProvider({ baseURL, model, apiKey: OPENAI_API_KEY }), name: `${model} at ${baseURL}`, close };
  }
  if (ANTHROPIC_API_KEY) {
    const model = ANTHROPIC_MODEL || 'claude-sonnet-4-5';
    return { provider: createAnthropicProvider({ model, maxTokens: 1024, apiKey: ANTHROPIC_API_KEY }), name: `${model} (Anthropic)`, close };
  }
  const server = await startReplayServer(new URL('recorded/chat-text-gpt-4o.sse', import.meta.url));
  const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, model: 'gpt-4o-2024-08-06' });
  return { provider, name: 'a recorded gpt-4o stream, replayed on loopback (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a live model)', close: () => server.close() };
}

const model = await connectModel();
console.log(`model: ${model.name}`);

// The input: checked fragments, each declaring its source, trust and size. Only `system` and
// `app` content may fill the system slot.
const question = "What's the weather like in SF?";
const input = assembleFragments(
  [
    { id: 'style', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 200, role: 'system', value: 'Answer in at most two sentences.' },
    { id: 'question', sourceId: 'terminal', trust: 'user', lifetime: 'turn', maxChars: 500, role: 'user', value: question },
  ],
  2_000,
);
console.log(`question: ${question}\n`);

// The runner streams every text delta to its output sink in order; here, straight to stdout.
const runner = new ModelRunner({
  provider: model.provider,
  sink: {
    output: {
      write: (event) => {
        if (event.type === 'text-delta') process.stdout.write(event.text);
      },
    },
  },
  timeoutMs: 60_000, // no default: without it a call is unbounded
  maxOutputChars: 20_000,
});

try {
  const result = await runner.invoke({ input, stageId: 'answer' });
  const tokens = result.usage === undefined ? 'not reported' : `${result.usage.inputTokens ?? '?'} in, ${result.usage.outputTokens ?? '?'} out`;
  console.log(`\n\nfinish: ${result.finishReason} · tokens: ${tokens}`);
} catch (error) {
  // Every failure the library raises is an AgentCoreError with a stable code (PROVIDER_FAILED, TIMEOUT, …).
  console.error(AgentCoreError.isInstance(error) ? `\n${error.code}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await model.close();
}
