// Every public type of the library, type-only.
export type * from '@jangts/agent-types';
export type * from '@jangts/agent-context';
export type * from '@jangts/agent-runner';
export type * from '@jangts/agent-preview';
export type * from '@jangts/agent-reflection';
export type * from '@jangts/agent-runner/providers/scripted';
export type * from '@jangts/agent-runner/providers/openai-compatible';
export type * from '@jangts/agent-runner/providers/anthropic';
export type * from '@jangts/agent-runner/providers/ai-sdk';
