/**
 * `@jangts/agent-core/kits/turn`: the turn kit (`@jangts/agent-turn`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-turn';
