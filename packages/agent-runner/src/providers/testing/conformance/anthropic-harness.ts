import { expect } from 'vitest';
import { createAnthropicProvider } from '../../anthropic.js';
import type { Chunking } from '../split-pieces.js';
import type { ConformanceHarness } from './conformance-harness.js';
import { CONFORMANCE_WIRE_TOOLS } from './conformance-tools.js';
import { httpHarness } from './http-harness.js';

/** The Anthropic provider against a loopback Messages API server. */
export function anthropicHarness(apiKey: string, chunking: Chunking): ConformanceHarness {
  return httpHarness(
    {
      name: 'anthropic',
      directory: 'anthropic',
      createProvider: (baseURL, key) => createAnthropicProvider({ baseURL, model: 'claude-sonnet-4-5', maxTokens: 1024, apiKey: key }),
      checkRequestMapping: (request) => {
        expect(request.method).toBe('POST');
        expect(request.path).toBe('/v1/messages');
        expect(request.headers['x-api-key']).toBe(apiKey);
        expect(request.headers['anthropic-version']).toBe('2023-06-01');
        expect(request.headers.authorization).toBeUndefined();
        expect(request.body).toEqual({
          model: 'claude-sonnet-4-5',
          max_tokens: 1024,
          stream: true,
          system: 'You are terse.',
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'Weather and time in Paris?' }] },
            {
              role: 'assistant',
              content: [
                { type: 'text', text: 'Let me check.' },
                { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
                { type: 'tool_use', id: 'call_2', name: 'get_time', input: { zone: 'Europe/Paris' } },
              ],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', tool_use_id: 'call_1', content: '18°C, cloudy' },
                { type: 'tool_result', tool_use_id: 'call_2', content: '14:05' },
                { type: 'text', text: 'And tomorrow?' },
              ],
            },
          ],
          tools: CONFORMANCE_WIRE_TOOLS.map((tool) => ({
            name: tool.id,
            description: tool.description,
            input_schema: tool.parameters,
          })),
        });
      },
    },
    apiKey,
    chunking,
  );
}
