// A tool stage: the model proposes a call with typed, validated arguments; the App runs it. See README.md.
import { AgentCoreError, ModelRunner, assembleFragments, type ModelProvider, type ToolSpec } from '@jangts/agent-core';
import { createAnthropicProvider } from '@jangts/agent-core/providers/anthropic';
import { createOpenAICompatibleProvider } from '@jangts/agent-core/providers/openai-compatible';
import Type, { type Static } from 'typebox';
import { startReplayServer } from './start-replay-server.js';

// The tool's parameters: a TypeBox schema, which is plain JSON Schema for the model and a static
// type for the App.
const WeatherArguments = Type.Object(
  { city: Type.String({ description: 'City name' }), state: Type.String({ description: 'Two-letter US state code' }) },
  { additionalProperties: false },
);
type WeatherArguments = Static<typeof WeatherArguments>;
const getWeather: ToolSpec<typeof WeatherArguments> = { id: 'get_weather', description: 'Current weather of a US city', parameters: WeatherArguments };

/** The App's own implementation of the tool: the model only proposes the call. */
function forecast(args: WeatherArguments): string {
  const known: Record<string, string> = { 'San Francisco, CA': '16 °C, fog until noon' };
  return `${args.city}, ${args.state}: ${known[`${args.city}, ${args.state}`] ?? 'no forecast for this city'}`;
}

/** A real model when a key is set; else a loopback server replaying a tool call recorded from gpt-4o. */
async function connectModel(): Promise<{ provider: ModelProvider; name: string; close(): Promise<void> }> {
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
  const server = await startReplayServer(new URL('recorded/chat-tool-call-strict-gpt-4o.sse', import.meta.url));
  const provider = createOpenAICompatibleProvider({ baseURL: server.baseURL, model: 'gpt-4o-2024-08-06' });
  return { provider, name: 'a recorded gpt-4o tool call, replayed on loopback (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a live model)', close: () => server.close() };
}

const model = await connectModel();
console.log(`model: ${model.name}`);
const question = "What's the weather like in SF?";
const input = assembleFragments(
  [
    { id: 'style', sourceId: 'app', trust: 'app', lifetime: 'static', maxChars: 200, role: 'system', value: 'Use the tools to answer.' },
    { id: 'question', sourceId: 'terminal', trust: 'user', lifetime: 'turn', maxChars: 500, role: 'user', value: question },
  ],
  2_000,
);
console.log(`question: ${question}\n`);

// The arguments stream as JSON text, piece by piece, before they are validated.
let streaming = '';
const runner = new ModelRunner({
  provider: model.provider,
  sink: {
    output: {
      write: (event) => {
        if (event.type !== 'tool-call-delta') return;
        if (streaming !== event.callId) process.stdout.write(`${streaming === '' ? '' : '\n'}${event.toolId} arguments as they stream: `);
        streaming = event.callId;
        process.stdout.write(event.argsDelta);
      },
    },
  },
  timeoutMs: 60_000,
  maxOutputChars: 20_000,
});

try {
  const result = await runner.invoke({ input, stageId: 'weather', tools: [getWeather] });
  // A tool stage's value is its proposals, each validated against its tool's schema (a text
  // stage's value is its text).
  const proposals = typeof result.value === 'string' ? [] : result.value;
  console.log(streaming === '' ? `no proposal; the model said: ${result.text}` : '\n');
  for (const proposal of proposals) {
    // The runner checked the arguments against `WeatherArguments`: they have its static type.
    const args = proposal.args as WeatherArguments;
    console.log(`proposal ${proposal.callId}: ${proposal.toolId}(city: ${args.city}, state: ${args.state})`);
    console.log(`the App runs it → ${forecast(args)}`);
  }
  console.log(`finish: ${result.finishReason}`);
} catch (error) {
  // Arguments that are not JSON or fail the schema are OUTPUT_INVALID, with the issues in `details`.
  console.error(AgentCoreError.isInstance(error) ? `\n${error.code}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await model.close();
}
