/**
 * `@jangts/agent-core/structs`: the TypeBox schemas (runtime values) matching the public types.
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
export { TurnCallSchema, TurnDecisionSchema, TurnPendingCallSchema, TurnStateSchema, TurnStepSchema } from '@jangts/agent-turn';
// `ReflectionSource` has no schema (it holds the App's functions); its API page lists this entry, so
// the type is here.
export type { ReflectionSource } from '@jangts/agent-reflection';
