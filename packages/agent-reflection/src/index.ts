export { defineReflection } from './define-reflection.js';
export { defineReflectionLogSource, MAX_LOG_PAGE_RECORDS } from './define-reflection-log-source.js';
export { logEvidenceId, logRecordToEvidence } from './log-record-to-evidence.js';
export { QUERY_EVIDENCE_TOOL, REFLECTION_STAGE_ID, SUBMIT_REPORT_TOOL } from './reflection-tools.js';
export {
  MAX_EVIDENCE_ID_LENGTH,
  MAX_EVIDENCE_TYPE_LENGTH,
  MAX_QUERY_TYPES,
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
} from './structs/index.js';
export type { Reflection } from './reflection.js';
export type { ReflectionCoverage } from './reflection-coverage.js';
export type { ReflectionEvidence } from './reflection-evidence.js';
export type { ReflectionLogSourceOptions } from './reflection-log-source-options.js';
export type { ReflectionOptions } from './reflection-options.js';
export type { ReflectionPage, ReflectionPageCoverage } from './reflection-page.js';
export type { ReflectionQuery } from './reflection-query.js';
export type { ReflectionCitedEvidence, ReflectionFinding, ReflectionReport, ReflectionStopReason } from './reflection-report.js';
export type { ReflectionSource } from './reflection-source.js';
export type { LogPage, LogReadRequest, LogRecord, ReflectionLogReader } from '@jangts/agent-types';
