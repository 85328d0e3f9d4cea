/**
 * `@jangts/agent-runner/providers/openai-compatible`: the OpenAI Chat Completions provider
 * (fetch + server-sent events). It depends on no SDK.
 *
 * @packageDocumentation
 */
export { createOpenAICompatibleProvider } from './openai-compatible/create-openai-compatible-provider.js';
export { OpenAICompatibleProviderOptionsSchema, type OpenAICompatibleProviderOptions } from './openai-compatible/openai-compatible-provider-options.js';
