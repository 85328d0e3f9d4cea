/**
 * Every code an {@link AgentCoreError} can carry, listed once. Codes are stable: an App may
 * branch on them, and new codes are added only in a minor release.
 */
export const AGENT_CORE_ERROR_CODES = Object.freeze([
  /** A context fragment is malformed (shape, field, or value). */
  'FRAGMENT_INVALID',
  /** Two fragments of one assembly share an id. */
  'FRAGMENT_DUPLICATE',
  /** A fragment's text is longer than its own `maxChars`. */
  'FRAGMENT_BUDGET',
  /** `user` or `tool` content was placed in the system slot. */
  'TRUST_VIOLATION',
  /** The assembled input is longer than `maxInputChars`. */
  'INPUT_BUDGET',
  /** A candidate context plan breaks an audit rule. */
  'PLAN_VIOLATION',
  /** Options given to a factory or constructor are invalid. */
  'CONFIG_INVALID',
  /** A request (input, stage, tools, query, trace id) is malformed. */
  'INPUT_INVALID',
  /** The model provider failed (HTTP status, wire error, a stream that ended without finishing). */
  'PROVIDER_FAILED',
  /** The model's output breaks its contract (unknown tool, arguments failing their schema, a non-chunk). */
  'OUTPUT_INVALID',
  /** The model's output exceeded `maxOutputChars`. */
  'OUTPUT_LIMIT',
  /** The overall timeout of a call elapsed. */
  'TIMEOUT',
  /** The caller's abort signal fired. */
  'ABORTED',
  /** An authorization hook rejected (or threw); the guarded read never happened. */
  'UNAUTHORIZED',
  /** An evidence source returned a page that breaks the page contract. */
  'PAGE_INVALID',
  /** An evidence source or log reader failed while reading. */
  'SOURCE_FAILED',
  /** A hard budget (calls, pages, events, characters) is used up. */
  'BUDGET_EXHAUSTED',
  /** A log store could not append, read, or flush a record. */
  'LOG_FAILED',
  /** An output sink threw or rejected (recorded in diagnostics; never thrown to the caller). */
  'SINK_FAILED',
  /**
   * An approval decision does not match the recorded proposals it decides: an unknown or
   * already-decided call id, a second decision for one call, a decision carrying arguments, a
   * pending call left undecided, or a turn state whose argument digests do not match its calls
   * (or that was already resumed).
   */
  'APPROVAL_INVALID',
] as const);

/** The closed union of {@link AgentCoreError} codes. */
export type AgentCoreErrorCode = (typeof AGENT_CORE_ERROR_CODES)[number];
