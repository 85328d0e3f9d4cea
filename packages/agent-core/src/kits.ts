// The kits, one namespace each.
export * as reflection from '@jangts/agent-reflection';
