import type { ModelMessage } from '@jangts/agent-types';

/**
 * The conversation of the request-mapping scenario: system and user content, an assistant turn
 * with text and two tool calls, both tool results, and a follow-up question.
 */
export const MAPPING_CONVERSATION: readonly ModelMessage[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Weather and time in Paris?' },
  {
    role: 'assistant',
    content: 'Let me check.',
    toolCalls: [
      { callId: 'call_1', toolId: 'get_weather', args: { city: 'Paris' } },
      { callId: 'call_2', toolId: 'get_time', args: { zone: 'Europe/Paris' } },
    ],
  },
  { role: 'tool', callId: 'call_1', content: '18°C, cloudy' },
  { role: 'tool', callId: 'call_2', content: '14:05' },
  { role: 'user', content: 'And tomorrow?' },
];
