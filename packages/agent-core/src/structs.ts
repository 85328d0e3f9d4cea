/**
 * `@jangts/agent-core/structs`: the TypeBox schemas (runtime values) matching the public types of
 * `@jangts/agent-core/types`: wire and record shapes, and the options and requests of every public
 * function (the schemas their doors read, as each package exports them).
 *
 * @packageDocumentation
 */
export * from '@jangts/agent-types/structs';
export {
  QueryEvidenceArgumentsSchema,
  ReflectionCitedEvidenceSchema,
  ReflectionCoverageSchema,
  ReflectionEvidenceSchema,
  ReflectionFindingSchema,
  ReflectionPageCoverageSchema,
  ReflectionPageSchema,
  ReflectionQuerySchema,
  ReflectionReportSchema,
  SubmitReportArgumentsSchema,
} from '@jangts/agent-reflection';
export { ConversationRequestSchema } from '@jangts/agent-context';
export {
  InvokeRequestSchema,
  ModelProviderSchema,
  ModelRunnerOptionsSchema,
  OutputSinkSchema,
  ProviderErrorOptionsSchema,
  RetryOptionsSchema,
  ToolParametersSchema,
  ToolSpecSchema,
} from '@jangts/agent-runner';
export { ScriptedProviderOptionsSchema, ScriptedReplaySchema, ScriptedStepSchema } from '@jangts/agent-runner/providers/scripted';
export { OpenAICompatibleProviderOptionsSchema } from '@jangts/agent-runner/providers/openai-compatible';
export { AnthropicProviderOptionsSchema } from '@jangts/agent-runner/providers/anthropic';
export { JsonPathPatternSchema, PartialJsonReaderOptionsSchema, ReplyPreviewOptionsSchema, ReplyPreviewRuleSchema } from '@jangts/agent-preview';
export {
  TurnCallSchema,
  TurnDecisionSchema,
  TurnOptionsSchema,
  TurnPendingCallSchema,
  TurnResumeRequestSchema,
  TurnRunRequestSchema,
  TurnStateSchema,
  TurnStepSchema,
  TurnToolSchema,
} from '@jangts/agent-turn';
// `ReflectionSource` has no schema (it holds the App's functions); its API page lists this entry, so
// the type is here.
export type { ReflectionSource } from '@jangts/agent-reflection';
