import { ModelRunner } from '@jangts/agent-runner';
import { createOpenAICompatibleProvider } from '@jangts/agent-runner/providers/openai-compatible';

// A server answering from memory with a recorded stream (two text deltas, then the finish and usage).
const sse = [
  '{"id":"c1","choices":[{"index":0,"delta":{"content":"Hello"},"finish_reason":null}]}',
  '{"id":"c1","choices":[{"index":0,"delta":{"content":", world!"},"finish_reason":null}]}',
  '{"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
  '{"id":"c1","choices":[],"usage":{"prompt_tokens":12,"completion_tokens":4}}',
  '[DONE]',
].map((data) => `data: ${data}\n\n`).join('');
const requests: { url: string; body: unknown }[] = [];
const fetch: typeof globalThis.fetch = async (input, init) => {
  requests.push({ url: String(input), body: JSON.parse(String(init?.body)) });
  return new Response(sse, { headers: { 'content-type': 'text/event-stream' } });
};

const provider = createOpenAICompatibleProvider({ baseURL: 'http://localhost:8000/v1', model: 'qwen3', apiKey: 'sk-local', fetch });
const result = await new ModelRunner({ provider }).invoke({ input: 'Say hello', stageId: 'reply' });
console.log(result.value, result.finishReason, result.usage); // Hello, world! stop { inputTokens: 12, outputTokens: 4 }
console.log(requests[0]?.url); // http://localhost:8000/v1/chat/completions
