// A plain-text stage against a real model, its text printed as it streams. See README.md.
import { AgentCoreError, ModelRunner, assembleFragments } from '@jangts/agent-core';
import { connectModel } from '@jangts/example-connect-model';

// A real model when OPENAI_API_KEY or ANTHROPIC_API_KEY is set, else a loopback replay (see
// ../connect-model: copy its first two branches, or call a provider's factory yourself).
const model = await connectModel({ replay: [{ recording: new URL('recorded/chat-text-gpt-4o.sse', import.meta.url) }], recorded: 'a recorded gpt-4o stream' });
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
