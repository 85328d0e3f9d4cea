/** Which model the page's server runs, chosen once from its environment. */
export type WebModelChoice =
  | { readonly provider: 'scripted' }
  | { readonly provider: 'openai-compatible'; readonly baseURL: string; readonly model: string; readonly apiKey: string }
  | { readonly provider: 'anthropic'; readonly baseURL?: string; readonly model: string; readonly apiKey: string };

/** Models used when a key is set and no model is named. */
export const DEFAULT_MODELS = { 'openai-compatible': 'gpt-4o-mini', anthropic: 'claude-haiku-4-5' } as const;

/**
 * Reads the model choice from `env`: `AGENT_WEB_PROVIDER=scripted` forces the scripted model;
 * otherwise `OPENAI_API_KEY` selects the OpenAI-compatible provider (`OPENAI_BASE_URL`, default
 * `https://api.openai.com/v1`; `OPENAI_MODEL`), else `ANTHROPIC_API_KEY` the Anthropic one
 * (`ANTHROPIC_BASE_URL`, `ANTHROPIC_MODEL`), else the scripted model. `AGENT_WEB_PROVIDER` may
 * also name a real provider, whose key must then be set. Returns the reason instead when the
 * environment asks for something it cannot have.
 */
export function readWebModelChoice(env: Readonly<Record<string, string | undefined>>): { readonly choice: WebModelChoice } | { readonly refused: string } {
  const named = nonEmpty(env.AGENT_WEB_PROVIDER);
  if (named !== undefined && named !== 'scripted' && named !== 'openai-compatible' && named !== 'anthropic') {
    return { refused: `AGENT_WEB_PROVIDER must be scripted, openai-compatible or anthropic, not "${named}"` };
  }
  if (named === 'scripted') return { choice: { provider: 'scripted' } };
  const openAIKey = nonEmpty(env.OPENAI_API_KEY);
  const anthropicKey = nonEmpty(env.ANTHROPIC_API_KEY);
  if (named === 'openai-compatible' || (named === undefined && openAIKey !== undefined)) {
    if (openAIKey === undefined) return { refused: 'AGENT_WEB_PROVIDER=openai-compatible needs OPENAI_API_KEY' };
    return {
      choice: { provider: 'openai-compatible', baseURL: nonEmpty(env.OPENAI_BASE_URL) ?? 'https://api.openai.com/v1', model: nonEmpty(env.OPENAI_MODEL) ?? DEFAULT_MODELS['openai-compatible'], apiKey: openAIKey },
    };
  }
  if (named === 'anthropic' || anthropicKey !== undefined) {
    if (anthropicKey === undefined) return { refused: 'AGENT_WEB_PROVIDER=anthropic needs ANTHROPIC_API_KEY' };
    const baseURL = nonEmpty(env.ANTHROPIC_BASE_URL);
    return { choice: { provider: 'anthropic', model: nonEmpty(env.ANTHROPIC_MODEL) ?? DEFAULT_MODELS.anthropic, apiKey: anthropicKey, ...(baseURL === undefined ? {} : { baseURL }) } };
  }
  return { choice: { provider: 'scripted' } };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
