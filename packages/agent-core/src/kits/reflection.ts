/**
 * `@jangts/agent-core/kits/reflection`: the reflection kit (`@jangts/agent-reflection`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-reflection';
