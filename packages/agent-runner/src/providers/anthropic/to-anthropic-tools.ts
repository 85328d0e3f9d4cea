import type { JsonSchema, ProviderTool } from '@jangts/agent-types';

/** One Messages API client tool. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
}

/** Maps a stage's tools to Messages API tools (the tool id is the tool name). */
export function toAnthropicTools(tools: readonly ProviderTool[]): AnthropicTool[] {
  return tools.map((tool) => ({ name: tool.id, description: tool.description, input_schema: tool.parameters }));
}
