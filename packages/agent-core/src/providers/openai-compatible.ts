/**
 * `@jangts/agent-core/providers/openai-compatible`: the OpenAI Chat Completions provider
 * (`@jangts/agent-runner/providers/openai-compatible`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-runner/providers/openai-compatible';
