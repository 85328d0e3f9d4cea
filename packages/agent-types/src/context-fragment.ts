/**
 * Producer trust of a fragment's content. Only `system` and `app` content may take the system
 * slot; `user` and `tool` content there is a `TRUST_VIOLATION`.
 */
export type ContextTrust = 'system' | 'app' | 'user' | 'tool';

/** Declared validity window of a fragment: metadata reported in usage, never changes assembly. */
export type ContextLifetime = 'static' | 'session' | 'turn' | 'call';

/** The message slot a fragment occupies when assembled. */
export type ContextRole = 'system' | 'user';

/**
 * One piece of model input whose source, trust, lifetime and size are declared. Its fields are
 * writable, as on its API page (an App's own compression step may edit a copy).
 */
export interface ContextFragment {
  /** Unique, stable id matching `^[a-z][a-zA-Z0-9:._-]*$`; duplicates are rejected. */
  id: string;
  /** Owning source (module or registration) used to explain where the content came from. */
  sourceId: string;
  /** Producer trust level. `user` and `tool` content cannot become a system message. */
  trust: ContextTrust;
  /** Declared validity window of this content. */
  lifetime: ContextLifetime;
  /** Hard upper bound in JSON characters (UTF-16 code units); a positive safe integer. */
  maxChars: number;
  /** Message slot the fragment occupies when assembled. */
  role: ContextRole;
  /** Rendered content. A system message accepts a string only, never a record. */
  value: string | Record<string, unknown>;
}
