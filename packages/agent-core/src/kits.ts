// The kits, one namespace each.
export * as reflection from '@jangts/agent-reflection';
// The kits' types at the top level too: `ReflectionSource`'s API page lists this entry.
export type * from '@jangts/agent-reflection';
