import { describe, expect, it } from 'vitest';
import { createWebProvider } from './create-web-provider.js';
import { DEFAULT_MODELS, readWebModelChoice } from './web-model-choice.js';

describe('readWebModelChoice', () => {
  it('runs the scripted model without a key, or when asked to', () => {
    expect(readWebModelChoice({})).toEqual({ choice: { provider: 'scripted' } });
    expect(readWebModelChoice({ OPENAI_API_KEY: ' ' })).toEqual({ choice: { provider: 'scripted' } });
    expect(readWebModelChoice({ AGENT_WEB_PROVIDER: 'scripted', OPENAI_API_KEY: 'sk-1' })).toEqual({ choice: { provider: 'scripted' } });
  });

  it('runs a real model when its key is set, OpenAI first', () => {
    expect(readWebModelChoice({ OPENAI_API_KEY: 'sk-1', ANTHROPIC_API_KEY: 'a-1' })).toEqual({
      choice: { provider: 'openai-compatible', baseURL: 'https://api.openai.com/v1', model: DEFAULT_MODELS['openai-compatible'], apiKey: 'sk-1' },
    });
    expect(readWebModelChoice({ OPENAI_API_KEY: 'sk-1', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'llama3' })).toMatchObject({
      choice: { baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3' },
    });
    expect(readWebModelChoice({ ANTHROPIC_API_KEY: 'a-1', ANTHROPIC_MODEL: 'claude-x' })).toEqual({ choice: { provider: 'anthropic', model: 'claude-x', apiKey: 'a-1' } });
    expect(readWebModelChoice({ AGENT_WEB_PROVIDER: 'anthropic', OPENAI_API_KEY: 'sk-1', ANTHROPIC_API_KEY: 'a-1' })).toMatchObject({ choice: { provider: 'anthropic' } });
  });

  it('says why when the environment asks for what it cannot have', () => {
    expect(readWebModelChoice({ AGENT_WEB_PROVIDER: 'openai' })).toEqual({ refused: 'AGENT_WEB_PROVIDER must be scripted, openai-compatible or anthropic, not "openai"' });
    expect(readWebModelChoice({ AGENT_WEB_PROVIDER: 'anthropic' })).toEqual({ refused: 'AGENT_WEB_PROVIDER=anthropic needs ANTHROPIC_API_KEY' });
  });
});

describe('createWebProvider', () => {
  it('injects a failure into the scripted model only', () => {
    const choice = { provider: 'anthropic', model: 'm', apiKey: 'k' } as const;
    expect(createWebProvider(choice, { injectFailure: true, chunkDelayMs: 0 })).toEqual({ refused: 'a failure can be injected into the scripted model only (this server runs anthropic)' });
    expect(createWebProvider(choice, { injectFailure: false, chunkDelayMs: 0 })).toMatchObject({ label: 'anthropic, model m' });
  });
});
