/**
 * `@jangts/agent-core/providers/anthropic`: the Anthropic Messages API provider
 * (`@jangts/agent-runner/providers/anthropic`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-runner/providers/anthropic';
