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
  /** Structured payload for the App: a plain JSON record (checked at run time; typed as `LogRecord.data` is, so a record's data fits). */
  readonly data?: Readonly<Record<string, unknown>> | undefined;
}
