export * from '@jangts/agent-types/structs';
