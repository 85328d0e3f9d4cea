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
  private readonly [marker] = true;

  constructor(code: AgentCoreErrorCode, message: string, options: AgentCoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AgentCoreError';
    this.code = code;
    this.details = options.details ?? {};
  }

  /** True for any `AgentCoreError`, across duplicate installs of the library. */
  static isInstance(value: unknown): value is AgentCoreError {
    if (typeof value !== 'object' || value === null) return false;
    try {
      return marker in value;
    } catch {
      return false; // a hostile proxy whose `has` trap throws is not an AgentCoreError
    }
  }

  /**
   * Returns `error` itself when it is already an `AgentCoreError`; otherwise wraps it with
   * `code`, keeping the original as `cause`.
   */
  static from(error: unknown, code: AgentCoreErrorCode, message?: string, details?: JsonObject): AgentCoreError {
    if (AgentCoreError.isInstance(error)) return error;
    const text = message ?? describeUnknown(error);
    return new AgentCoreError(code, text, { cause: error, ...(details === undefined ? {} : { details }) });
  }

  /** A plain JSON view (`name`, `code`, `message`, `details`), for logs and wire formats. */
  toJSON(): { name: string; code: AgentCoreErrorCode; message: string; details: JsonObject } {
    return { name: this.name, code: this.code, message: this.message, details: this.details };
  }
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
