/**
 * `@jangts/agent-core/providers/ai-sdk`: any Vercel AI SDK language model under `ModelRunner`
 * (`@jangts/agent-runner/providers/ai-sdk`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-runner/providers/ai-sdk';
