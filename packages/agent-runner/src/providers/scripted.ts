/**
 * `@jangts/agent-runner/providers/scripted`: a provider that replays scripted steps, deterministic
 * and offline (for tests and demos).
 *
 * @packageDocumentation
 */
export { createScriptedProvider, ScriptedProviderOptionsSchema, type ScriptedProvider, type ScriptedProviderOptions } from './scripted/create-scripted-provider.js';
export {
  ScriptedReplaySchema,
  ScriptedStepSchema,
  type ScriptedChunk,
  type ScriptedFailure,
  type ScriptedReplay,
  type ScriptedReply,
  type ScriptedStep,
  type ScriptedToolCall,
} from './scripted/scripted-step-schema.js';
