// The TypeBox schemas (runtime values) matching the public types.
export * from '@jangts/agent-types/structs';
