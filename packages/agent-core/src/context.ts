// Context functions and types.
export * from '@jangts/agent-context';
