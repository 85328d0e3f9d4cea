import { describeValue, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';

/** Longest evidence id, and longest run name. */
export const MAX_EVIDENCE_ID_LENGTH = 512;
/** Longest evidence type. */
export const MAX_EVIDENCE_TYPE_LENGTH = 256;

/**
 * One item of evidence a source returns. The model reads `id`, `type`, `at`, `run` and `text`;
 * `data` stays with the App (it is returned in the report's cited evidence, never sent to the
 * model).
 */
export interface ReflectionEvidence {
  /** Unique within the source (1–512 characters): what a finding cites. */
  readonly id: string;
  /** Kind of evidence, e.g. a log record type (1–256 characters). */
  readonly type: string;
  /** What the model reads; counted toward `maxEvidenceChars` and cut to fit it. */
  readonly text: string;
  /** When it happened: an RFC 3339 date-time (`2024-05-01T12:00:00.000Z`). */
  readonly at?: string | undefined;
  /** Run (trace) it belongs to (1–512 characters). */
  readonly run?: string | undefined;
  /** Structured payload for the App: a plain JSON record (typed as `LogRecord.data` is, so a record's data fits). */
  readonly data?: Readonly<Record<string, unknown>> | undefined;
}

/** An RFC 3339 date-time with its offset: `2024-05-01T12:00:00.000Z`, `2024-05-01t14:00:00+02:00`. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/u;

/** Schema of an RFC 3339 date-time: its form, and a day that exists in its month. */
const DateTimeSchema = rule(Type.String(), (text) => {
  const [, year = 0, month = 0, day = 0] = (DATE_TIME.exec(text) ?? []).map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  if (day >= 1 && day <= days) return undefined;
  return { rule: 'pattern', problem: `must be an RFC 3339 date-time such as 2024-05-01T12:00:00.000Z (got ${describeValue(text)})`, expected: 'an RFC 3339 date-time' };
});

/** Schema of {@link ReflectionEvidence}. Unknown fields are refused; `data` must be a plain JSON record. */
export const ReflectionEvidenceSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH }),
    type: Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_TYPE_LENGTH }),
    text: Type.String(),
    at: Type.Optional(DateTimeSchema),
    run: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_EVIDENCE_ID_LENGTH })),
    data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
