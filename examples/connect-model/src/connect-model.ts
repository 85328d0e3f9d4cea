import type { ModelProvider } from '@jangts/agent-core';
import { createAnthropicProvider } from '@jangts/agent-core/providers/anthropic';
import { createOpenAICompatibleProvider } from '@jangts/agent-core/providers/openai-compatible';
import { startReplayServer, type ReplayExchange } from './start-replay-server.js';

/** What `connectModel` replays when no key is set. */
export interface ConnectModelOptions {
  /** The recorded responses, in the order the example asks for them. */
  readonly replay: readonly ReplayExchange[];
  /** What they are, for the first printed line (`a recorded gpt-4o stream`). */
  readonly recorded: string;
}

/** A provider, the line naming it, and `close` (stops the replay server, if one runs). */
export interface ConnectedModel {
  readonly provider: ModelProvider;
  readonly name: string;
  close(): Promise<void>;
}

/**
 * A real model when a key is set: `OPENAI_API_KEY` (with `OPENAI_BASE_URL`, `OPENAI_MODEL`, for
 * any OpenAI-compatible API), else `ANTHROPIC_API_KEY` (with `ANTHROPIC_MODEL`). Without a key, a
 * loopback server replaying `replay`, so the example runs offline and the same every time.
 */
export async function connectModel(options: ConnectModelOptions): Promise<ConnectedModel> {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, ANTHROPIC_API_KEY, ANTHROPIC_MODEL } = process.env;
  const close = async (): Promise<void> => {};
  if (OPENAI_API_KEY) {
    const baseURL = OPENAI_BASE_URL || 'https://api.openai.com/v1';
    const model = OPENAI_MODEL || 'gpt-4o-mini';
    return { provider: createOpenAICompatibleProvider({ baseURL, model, apiKey: OPENAI_API_KEY }), name: `${model} at ${baseURL}`, close };
  }
  if (ANTHROPIC_API_KEY) {
    const model = ANTHROPIC_MODEL || 'claude-sonnet-4-5';
    return { provider: createAnthropicProvider({ model, maxTokens: 1024, apiKey: ANTHROPIC_API_KEY }), name: `${model} (Anthropic)`, close };
  }
  const server = await startReplayServer();
  const baseURL = await server.route('example', options.replay);
  return {
    provider: createOpenAICompatibleProvider({ baseURL, model: 'gpt-4o-2024-08-06' }),
    name: `${options.recorded}, replayed on loopback (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a live model)`,
    close: () => server.close(),
  };
}
