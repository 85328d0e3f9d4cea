import { ModelRunner } from '@jangts/agent-runner';
import { createAnthropicProvider } from '@jangts/agent-runner/providers/anthropic';

const events = [
  { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 20, output_tokens: 1 } } },
  { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "Pa' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: 'ris"}' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 12 } },
  { type: 'message_stop' },
];
const sse = events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
const fetch: typeof globalThis.fetch = async () => new Response(sse, { headers: { 'content-type': 'text/event-stream' } });

const provider = createAnthropicProvider({ model: 'claude-sonnet-4-5', maxTokens: 1024, apiKey: 'sk-ant-local', fetch });
const getWeather = {
  id: 'get_weather',
  description: 'Current weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const result = await new ModelRunner({ provider }).invoke({ input: 'Weather in Paris?', stageId: 'plan', tools: [getWeather] });
console.log(result.value); // [{ callId: 'toolu_1', toolId: 'get_weather', args: { city: 'Paris' } }]
