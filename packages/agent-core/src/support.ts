export * from '@jangts/agent-preview';
