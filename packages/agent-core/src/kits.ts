export * as reflection from '@jangts/agent-reflection';
