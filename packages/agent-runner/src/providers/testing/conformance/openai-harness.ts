import { expect } from 'vitest';
import { createOpenAICompatibleProvider } from '../../openai-compatible.js';
import type { Chunking } from '../split-pieces.js';
import type { ConformanceHarness } from './conformance-harness.js';
import { CONFORMANCE_WIRE_TOOLS } from './conformance-tools.js';
import { httpHarness } from './http-harness.js';

/** The OpenAI-compatible provider against a loopback Chat Completions server. */
export function openAIHarness(apiKey: string, chunking: Chunking): ConformanceHarness {
  return httpHarness(
    {
      name: 'openai-compatible',
      directory: 'openai',
      createProvider: (baseURL, key) => createOpenAICompatibleProvider({ baseURL: `${baseURL}/v1`, model: 'gpt-4o-mini', apiKey: key }),
      checkRequestMapping: (request) => {
        expect(request.method).toBe('POST');
        expect(request.path).toBe('/v1/chat/completions');
        expect(request.headers.authorization).toBe(`Bearer ${apiKey}`);
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.body).toEqual({
          model: 'gpt-4o-mini',
          stream: true,
          stream_options: { include_usage: true },
          messages: [
            { role: 'system', content: 'You are terse.' },
            { role: 'user', content: 'Weather and time in Paris?' },
            {
              role: 'assistant',
              content: 'Let me check.',
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
                { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{"zone":"Europe/Paris"}' } },
              ],
            },
            { role: 'tool', tool_call_id: 'call_1', content: '18°C, cloudy' },
            { role: 'tool', tool_call_id: 'call_2', content: '14:05' },
            { role: 'user', content: 'And tomorrow?' },
          ],
          tools: CONFORMANCE_WIRE_TOOLS.map((tool) => ({
            type: 'function',
            function: { name: tool.id, description: tool.description, parameters: tool.parameters },
          })),
        });
      },
    },
    apiKey,
    chunking,
  );
}
