import { describe, expect, it } from 'vitest';
import { finishReasonName, modelOfProviderId, providerName } from './gen-ai-names.js';

describe('providerName', () => {
  it.each([
    ['openai-compatible', 'openai'],
    ['anthropic', 'anthropic'],
    ['ai-sdk:openai.chat:gpt-4o', 'openai'],
    ['ai-sdk:anthropic.messages:claude-sonnet-4-5', 'anthropic'],
    ['ai-sdk:google.generative-ai:gemini-2.5-pro', 'gcp.gemini'],
    ['ai-sdk:amazon-bedrock:meta.llama3', 'aws.bedrock'],
    ['ai-sdk:ollama.chat:llama3', 'ollama'],
    ['scripted', 'scripted'],
    ['my-gateway', 'my-gateway'],
  ])('names %s %s', (id, name) => {
    expect(providerName(id)).toBe(name);
  });
});

describe('modelOfProviderId', () => {
  it('reads the model of the AI SDK adapter’s id, colons in it included, and of no other', () => {
    expect(modelOfProviderId('ai-sdk:openai.chat:ft:gpt-4o:acme')).toBe('ft:gpt-4o:acme');
    expect(modelOfProviderId('openai-compatible')).toBeUndefined();
    expect(modelOfProviderId('ai-sdk:openai.chat')).toBeUndefined();
  });
});

describe('finishReasonName', () => {
  it.each([
    ['stop', 'stop'],
    ['tool-calls', 'tool_call'],
    ['length', 'length'],
    ['content-filter', 'content_filter'],
    ['other', 'other'],
  ])('names %s %s', (reason, name) => {
    expect(finishReasonName(reason)).toBe(name);
  });
});
