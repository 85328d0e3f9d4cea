import { createAnthropicProvider } from '@jangts/agent-runner/providers/anthropic';
import { createOpenAICompatibleProvider } from '@jangts/agent-runner/providers/openai-compatible';
import { createScriptedProvider } from '@jangts/agent-runner/providers/scripted';
import type { ModelProvider } from '@jangts/agent-types';
import { scriptedSupportModel } from './scripted-support-model.js';
import type { WebModelChoice } from './web-model-choice.js';

/** The most tokens one Anthropic call may produce (the Messages API requires a limit). */
const ANTHROPIC_MAX_TOKENS = 2048;

/** Options of one run's provider. */
export interface WebProviderOptions {
  /** Make the reply stage's stream break mid-way (the scripted model only). */
  readonly injectFailure: boolean;
  /** Pause of the scripted stream before each chunk, so a person sees the bubbles grow. */
  readonly chunkDelayMs: number;
}

/**
 * A fresh provider for one run (the scripted model replays its steps once), and a line naming it
 * for the page; `refused` when the run asks for what the choice cannot do (a failure injected
 * into a real model).
 */
export function createWebProvider(choice: WebModelChoice, { injectFailure, chunkDelayMs }: WebProviderOptions): { provider: ModelProvider; label: string } | { refused: string } {
  if (injectFailure && choice.provider !== 'scripted') return { refused: `a failure can be injected into the scripted model only (this server runs ${choice.provider})` };
  switch (choice.provider) {
    case 'scripted':
      return { provider: createScriptedProvider(scriptedSupportModel({ injectFailure }), { chunkDelayMs }), label: 'scripted (deterministic: no network, no API key)' };
    case 'openai-compatible':
      return { provider: createOpenAICompatibleProvider({ baseURL: choice.baseURL, model: choice.model, apiKey: choice.apiKey }), label: `openai-compatible, model ${choice.model} at ${choice.baseURL}` };
    case 'anthropic':
      return {
        provider: createAnthropicProvider({ model: choice.model, maxTokens: ANTHROPIC_MAX_TOKENS, apiKey: choice.apiKey, ...(choice.baseURL === undefined ? {} : { baseURL: choice.baseURL }) }),
        label: `anthropic, model ${choice.model}`,
      };
  }
}
