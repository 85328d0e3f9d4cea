import { createAnthropicProvider } from '@jangts/agent-core/providers/anthropic';
import { createOpenAICompatibleProvider } from '@jangts/agent-core/providers/openai-compatible';
import { createScriptedProvider } from '@jangts/agent-core/providers/scripted';
import type { ModelProvider } from '@jangts/agent-core/types';
import type { DemoOptions } from './parse-demo-args.js';
import { scriptedSupportModel } from './story/scripted-support-model.js';

/** The most tokens one Anthropic call may produce (the Messages API requires a limit). */
const ANTHROPIC_MAX_TOKENS = 2048;

/** The provider the flags chose, and a line describing it for the person watching. */
export function createDemoProvider({ model, chunkDelayMs }: DemoOptions): { provider: ModelProvider; label: string } {
  switch (model.provider) {
    case 'scripted':
      return {
        provider: createScriptedProvider(scriptedSupportModel(), { chunkDelayMs }),
        label: 'scripted (embedded and deterministic: no network, no API key)',
      };
    case 'openai-compatible':
      return {
        provider: createOpenAICompatibleProvider({ baseURL: model.baseURL, model: model.model, apiKey: model.apiKey }),
        label: `openai-compatible, model ${model.model} at ${model.baseURL}`,
      };
    case 'anthropic':
      return {
        provider: createAnthropicProvider({
          model: model.model,
          maxTokens: ANTHROPIC_MAX_TOKENS,
          apiKey: model.apiKey,
          ...(model.baseURL === undefined ? {} : { baseURL: model.baseURL }),
        }),
        label: `anthropic, model ${model.model}${model.baseURL === undefined ? '' : ` at ${model.baseURL}`}`,
      };
  }
}
