import { compileSchema, type SchemaValidator } from '@jangts/agent-types/internal';
import { QueryEvidenceArgumentsSchema, SubmitReportArgumentsSchema } from './structs/tool-structs.js';

/** The checked arguments of a `query_evidence` call. */
export interface QueryEvidenceArguments {
  readonly run?: string;
  readonly types?: readonly string[];
  readonly cursor?: string;
  readonly limit: number;
}

/** The checked arguments of a `submit_report` call. */
export interface SubmitReportArguments {
  readonly summary: string;
  readonly findings: readonly { readonly claim: string; readonly evidenceIds: readonly string[] }[];
}

/** Validator of `query_evidence` arguments (the runner checks them too; a model object that is not a `ModelRunner` may not). */
export const queryEvidenceArguments: SchemaValidator<typeof QueryEvidenceArgumentsSchema> = compileSchema(QueryEvidenceArgumentsSchema);

/** Validator of `submit_report` arguments. */
export const submitReportArguments: SchemaValidator<typeof SubmitReportArgumentsSchema> = compileSchema(SubmitReportArgumentsSchema);

/** The first schema issue of `args`, as one line for the model; `undefined` when they are valid. */
export function describeArgumentIssue(validator: SchemaValidator<typeof QueryEvidenceArgumentsSchema> | SchemaValidator<typeof SubmitReportArgumentsSchema>, args: unknown): string | undefined {
  const issue = validator.issues(args, 1)[0];
  return issue === undefined ? undefined : `${issue.path === '' ? 'arguments' : issue.path} ${issue.message}`;
}
