/**
 * `@jangts/agent-core/support`: the reply preview and its incremental partial-JSON reader
 * (`@jangts/agent-preview`).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-preview';
