/**
 * `@jangts/agent-core/context`: the context functions and types (`@jangts/agent-context`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-context';
