/**
 * `@jangts/agent-runner/providers/anthropic`: the Anthropic Messages API provider (fetch +
 * server-sent events). It depends on no SDK.
 *
 * @packageDocumentation
 */
export { ANTHROPIC_VERSION, createAnthropicProvider } from './anthropic/create-anthropic-provider.js';
export { AnthropicProviderOptionsSchema, type AnthropicProviderOptions } from './anthropic/anthropic-provider-options.js';
