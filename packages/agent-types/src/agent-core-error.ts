import type { AgentCoreErrorCode } from './agent-core-error-code.js';
import type { JsonObject } from './json-value.js';

const marker = Symbol.for('@jangts/agent-core.error');

/** Options of {@link AgentCoreError}: JSON details (field, limit, …) and the underlying cause. */
export interface AgentCoreErrorOptions {
  /** JSON details: the offending `field` or `path`, the `limit`, the `actual` value, … */
  readonly details?: JsonObject;
  /** The error that caused this one, kept for debugging. */
  readonly cause?: unknown;
}

/**
 * The one error the library raises on purpose. It carries a stable {@link AgentCoreErrorCode}
 * and JSON `details`; its message names the offending field or path and the limit.
 *
 * Use {@link AgentCoreError.isInstance} rather than `instanceof` when two copies of the
 * library may be installed.
 */
export class AgentCoreError extends Error {
  /** Stable code to branch on. */
  readonly code: AgentCoreErrorCode;
  /** JSON details: field, path, limit, actual value, … */
  readonly details: JsonObject;
  // Set in the constructor, not as a field initializer: the CommonJS build lowers initializers
  // into a helper that renames the class (`_class`), which Node's inspector would print.
  declare private readonly [marker]: true;

  constructor(code: AgentCoreErrorCode, message: string, options: AgentCoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    Object.defineProperty(this, marker, { value: true });
    this.name = 'AgentCoreError';
    this.code = code;
    this.details = options.details ?? {};
  }

  /** True for any `AgentCoreError`, across duplicate installs of the library. */
  static isInstance(value: unknown): value is AgentCoreError {
    return isAgentCoreError(value);
  }

  /**
   * Returns `error` itself when it is already an `AgentCoreError`; otherwise wraps it with
   * `code`, keeping the original as `cause`.
   */
  static from(error: unknown, code: AgentCoreErrorCode, message?: string, details?: JsonObject): AgentCoreError {
    return agentCoreErrorFrom(error, code, message, details);
  }

  /** A plain JSON view (`name`, `code`, `message`, `details`), for logs and wire formats. */
  toJSON(): { name: string; code: AgentCoreErrorCode; message: string; details: JsonObject } {
    return { name: this.name, code: this.code, message: this.message, details: this.details };
  }
}

// The static methods' bodies live outside the class: a class body that names its own class makes
// the bundler rename the class (`class _AgentCoreError`), and Node's inspector prints that name.

function isAgentCoreError(value: unknown): value is AgentCoreError {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return marker in value;
  } catch {
    return false; // a hostile proxy whose `has` trap throws is not an AgentCoreError
  }
}

function agentCoreErrorFrom(error: unknown, code: AgentCoreErrorCode, message?: string, details?: JsonObject): AgentCoreError {
  if (isAgentCoreError(error)) return error;
  const text = message ?? describeUnknown(error);
  return new AgentCoreError(code, text, { cause: error, ...(details === undefined ? {} : { details }) });
}

function describeUnknown(error: unknown): string {
  if (typeof error === 'string') return error;
  try {
    if (error instanceof Error && typeof error.message === 'string') return error.message;
  } catch {
    // a hostile proxy (throwing getPrototypeOf or get trap) has no usable message
  }
  return 'unexpected failure';
}
