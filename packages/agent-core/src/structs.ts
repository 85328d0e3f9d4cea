// The TypeBox schemas (runtime values) matching the public types.
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
