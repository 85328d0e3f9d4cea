import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { ProviderTool } from '@jangts/agent-types';

/** Maps a stage's tools to AI SDK function tools (the tool id is the tool name). */
export function toAiSdkTools(tools: readonly ProviderTool[]): LanguageModelV4FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.id,
    description: tool.description,
    inputSchema: tool.parameters,
  }));
}
