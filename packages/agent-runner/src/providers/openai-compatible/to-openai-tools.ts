import type { JsonSchema, ProviderTool } from '@jangts/agent-types';

/** One Chat Completions function tool. */
export interface OpenAITool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}

/** Maps a stage's tools to Chat Completions function tools (the tool id is the function name). */
export function toOpenAITools(tools: readonly ProviderTool[]): OpenAITool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.id, description: tool.description, parameters: tool.parameters },
  }));
}
