import type { JsonSchema, ProviderTool } from '@jangts/agent-types';

/** One Messages API client tool. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
  /** Fine-grained tool streaming: the input is streamed as it is generated, unbuffered. */
  readonly eager_input_streaming?: true;
}

/** Maps a stage's tools to Messages API tools (the tool id is the tool name), with `eager_input_streaming` when `eager`. */
export function toAnthropicTools(tools: readonly ProviderTool[], eager: boolean): AnthropicTool[] {
  return tools.map((tool) => ({ name: tool.id, description: tool.description, input_schema: tool.parameters, ...(eager ? { eager_input_streaming: true as const } : {}) }));
}
