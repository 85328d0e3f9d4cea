/**
 * `@jangts/agent-core/types`: every public type of the library, type-only; and
 * `validateContextFragment`, the one runtime value here, because its API page lists this entry
 * among its entry points.
 *
 * The AI SDK adapter's types are not here: they name types of its optional peer
 * `@ai-sdk/provider`, so an App without that peer could not type-check this entry with
 * `skipLibCheck: false`. They are at `@jangts/agent-core/providers/ai-sdk`.
 *
 * @packageDocumentation
 */
export type * from '@jangts/agent-types';
export type * from '@jangts/agent-context';
export type * from '@jangts/agent-runner';
export type * from '@jangts/agent-preview';
export type * from '@jangts/agent-reflection';
export type * from '@jangts/agent-turn';
export type * from '@jangts/agent-runner/providers/scripted';
export type * from '@jangts/agent-runner/providers/openai-compatible';
export type * from '@jangts/agent-runner/providers/anthropic';
export { validateContextFragment } from '@jangts/agent-context';
