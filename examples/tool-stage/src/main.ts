// A tool stage: the model proposes a call with typed, validated arguments; the App runs it. See README.md.
import { AgentCoreError, ModelRunner, assembleFragments, type ToolSpec } from '@jangts/agent-core';
import Type, { type Static } from 'typebox';
import { connectModel } from '@jangts/example-connect-model';

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

// A real model when OPENAI_API_KEY or ANTHROPIC_API_KEY is set, else a loopback replay (see
// ../connect-model: copy its first two branches, or call a provider's factory yourself).
const model = await connectModel({ replay: [{ recording: new URL('recorded/chat-tool-call-strict-gpt-4o.sse', import.meta.url) }], recorded: 'a recorded gpt-4o tool call' });
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
