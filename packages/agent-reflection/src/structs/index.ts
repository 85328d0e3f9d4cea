export {
  MAX_EVIDENCE_ID_LENGTH,
  MAX_EVIDENCE_TYPE_LENGTH,
  ReflectionEvidenceSchema,
  ReflectionPageCoverageSchema,
  ReflectionPageSchema,
  ReflectionQuerySchema,
} from './evidence-structs.js';
export { ReflectionCitedEvidenceSchema, ReflectionCoverageSchema, ReflectionFindingSchema, ReflectionReportSchema } from './report-structs.js';
export { MAX_QUERY_TYPES, QueryEvidenceArgumentsSchema, SubmitReportArgumentsSchema } from './tool-structs.js';
