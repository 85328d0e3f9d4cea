/**
 * `@jangts/agent-core/providers/scripted`: the scripted provider, deterministic and offline
 * (`@jangts/agent-runner/providers/scripted`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-runner/providers/scripted';
