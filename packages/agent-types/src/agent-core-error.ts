import { AGENT_CORE_ERROR_CODES, type AgentCoreErrorCode } from './agent-core-error-code.js';
import type { JsonObject } from './json-value.js';

const marker = Symbol.for('@jangts/agent-core.error');

/** Options of {@link AgentCoreError}: JSON details (field, limit, …) and the underlying cause. */
export interface AgentCoreErrorOptions {
  /** JSON details: the offending `field` or `path`, the `limit`, the `actual` value, … */
  readonly details?: JsonObject | undefined;
  /** The error that caused this one, kept for debugging. */
  readonly cause?: unknown;
}

/**
 * The one error the library raises on purpose. It carries a stable {@link AgentCoreErrorCode}
 * and JSON `details`; its message names the offending field or path and the limit.
 *
 * Two copies of the library (its ESM and CommonJS builds, or two installs) recognise each other's
 * errors: `instanceof AgentCoreError` and {@link AgentCoreError.isInstance} both check a global
 * brand, not the prototype. A subclass's `instanceof` is the ordinary prototype check.
 */
export class AgentCoreError extends Error {
  /** Stable code to branch on. */
  readonly code: AgentCoreErrorCode;
  /** JSON details: field, path, limit, actual value, … */
  readonly details: JsonObject;
  // The brand (`Symbol.for('@jangts/agent-core.error')`) is set in the constructor and is not
  // declared: a private member would make the class nominal, so the `.d.ts` and `.d.cts` copies of
  // it would not be assignable to each other. (Not a field initializer either: the CommonJS build
  // lowers initializers into a helper that renames the class (`_class`), which Node's inspector
  // would print.)

  /**
   * @throws AgentCoreError `INPUT_INVALID` naming the argument when `code` is not one of
   * `AGENT_CORE_ERROR_CODES`, `message` is not a string, `options` is not an object (`null` counts
   * as none), or `details` is not a plain object.
   */
  constructor(code: AgentCoreErrorCode, message: string, options: AgentCoreErrorOptions | null = {}) {
    const { cause, details } = readOptions(code, message, options);
    super(message, cause === undefined ? undefined : { cause });
    Object.defineProperty(this, marker, { value: true }); // not enumerable, writable or configurable
    this.name = 'AgentCoreError';
    this.code = code;
    this.details = details ?? {};
  }

  /** True for any `AgentCoreError`, across duplicate installs of the library. */
  static isInstance(value: unknown): value is AgentCoreError {
    return isAgentCoreError(value);
  }

  /**
   * `value instanceof AgentCoreError` is {@link AgentCoreError.isInstance}: true for an error of
   * another copy of the library too. For a subclass (`value instanceof MyError`) it is the ordinary
   * prototype check. Never throws for `AgentCoreError` itself.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return hasInstance(this, value);
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

const KNOWN_CODES: ReadonlySet<string> = new Set(AGENT_CORE_ERROR_CODES);

/** Checks the constructor's arguments; a bad one is an `AgentCoreError` itself, naming it. */
function readOptions(code: unknown, message: unknown, options: unknown): AgentCoreErrorOptions {
  if (typeof code !== 'string' || !KNOWN_CODES.has(code)) throw invalidArgument('code', 'must be one of AGENT_CORE_ERROR_CODES');
  if (typeof message !== 'string') throw invalidArgument('message', 'must be a string');
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw invalidArgument('options', 'must be an object { details?, cause? }');
  let cause: unknown;
  let details: unknown;
  try {
    ({ cause, details } = options as AgentCoreErrorOptions);
  } catch {
    throw invalidArgument('options', 'could not be read (reading it threw)');
  }
  if (details !== undefined && !isPlainObject(details)) throw invalidArgument('options.details', 'must be a plain object of JSON values');
  return { cause, ...(details === undefined ? {} : { details: details as JsonObject }) };
}

function isPlainObject(value: unknown): boolean {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const prototype: unknown = Object.getPrototypeOf(value);
    return prototype === Object.prototype || prototype === null;
  } catch {
    return false; // a hostile proxy
  }
}

function invalidArgument(field: string, problem: string): AgentCoreError {
  return new AgentCoreError('INPUT_INVALID', `AgentCoreError: ${field} ${problem}`, { details: { field } });
}

function isAgentCoreError(value: unknown): value is AgentCoreError {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return marker in value;
  } catch {
    return false; // a hostile proxy whose `has` trap throws is not an AgentCoreError
  }
}

function hasInstance(target: unknown, value: unknown): boolean {
  if (target === AgentCoreError) return isAgentCoreError(value);
  return Function.prototype[Symbol.hasInstance].call(target, value);
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
