export * from '@jangts/agent-reflection';
