export * from '@jangts/agent-types';
export * from '@jangts/agent-context';
export * from '@jangts/agent-runner';
export * as Support from '@jangts/agent-preview';
