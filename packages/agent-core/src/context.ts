export * from '@jangts/agent-context';
