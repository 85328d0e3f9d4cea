/**
 * `@jangts/agent-core/kits`: the kits, one namespace each (`reflection`, `turn`), and their types.
 *
 * @packageDocumentation
 */
export * as reflection from '@jangts/agent-reflection';
export * as turn from '@jangts/agent-turn';
// The kits' types at the top level too: `ReflectionSource`'s API page lists this entry.
export type * from '@jangts/agent-reflection';
export type * from '@jangts/agent-turn';
