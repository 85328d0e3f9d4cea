export type * from '@jangts/agent-types';
export type * from '@jangts/agent-context';
export type * from '@jangts/agent-runner';
export type * from '@jangts/agent-preview';
export type * from '@jangts/agent-reflection';
