import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';
import { MAX_EVIDENCE_ID_LENGTH, MAX_EVIDENCE_TYPE_LENGTH } from './reflection-evidence.js';

/** Most record types one `query_evidence` call may name. */
export const MAX_QUERY_TYPES = 64;

/**
 * Parameters of the `query_evidence` tool, as the model sends them. `limit` is any number on
 * purpose: the reflection clamps it (up to 1, down to the events left) rather than failing the
 * model call over `0` or `1000000`.
 */
export const QueryEvidenceArgumentsSchema = Type.Object(
  {
    run: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH, description: 'Run to inspect; omit for the scope the source chooses.' })),
    types: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_TYPE_LENGTH }), {
        maxItems: MAX_QUERY_TYPES,
        description: 'Evidence types to include; omit (or leave empty) for all types.',
      }),
    ),
    cursor: Type.Optional(Type.String({ minLength: 1, description: 'The cursor of an earlier result, to read its next page.' })),
    limit: Type.Number({ description: 'Most items to return; clamped to at least 1 and to the events left in the budget.' }),
  },
  { additionalProperties: false },
);

/** The arguments of a `query_evidence` call, as the `ModelRunner` validated them against its schema. */
export type QueryEvidenceArguments = Static<typeof QueryEvidenceArgumentsSchema>;

/**
 * Parameters of the `submit_report` tool. Counts are not constrained here so that a finding
 * without citations is refused by the reflection with an explanation instead of failing the
 * model call.
 */
export const SubmitReportArgumentsSchema = Type.Object(
  {
    summary: Type.String({ description: 'The answer to the question, in a few sentences.' }),
    findings: Type.Array(
      Type.Object(
        {
          claim: Type.String({ description: 'One claim the evidence supports.' }),
          evidenceIds: Type.Array(Type.String(), { description: 'Ids of the evidence items (from query_evidence results) that support the claim.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Claims, each citing the evidence that supports it; may be empty.' },
    ),
  },
  { additionalProperties: false },
);

/** The arguments of a `submit_report` call, as the `ModelRunner` validated them against its schema. */
export type SubmitReportArguments = Static<typeof SubmitReportArgumentsSchema>;
