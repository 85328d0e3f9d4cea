import { DiagnosticContextSchema } from '@jangts/agent-types';
import { compileSchema } from '@jangts/agent-types/internal';
import { inputInvalid, readingGuarded } from './reflection-errors.js';

const SCOPE = 'reflection.run';
const diagnosticsValidator = compileSchema(DiagnosticContextSchema);

/**
 * Checks the arguments of `Reflection.run`: `question` a non-blank string, `context` an object
 * whose `signal` is an `AbortSignal`, whose `logger`, when present, has `record` and `child`, and
 * whose `diagnostics`, when present, is a `DiagnosticContext`.
 * Throws `INPUT_INVALID` naming the field (`context` when reading it threw).
 */
export function checkRunInput(question: unknown, context: unknown): void {
  readingGuarded('INPUT_INVALID', SCOPE, 'context', () => {
    check(question, context);
  });
}

function check(question: unknown, context: unknown): void {
  if (typeof question !== 'string' || question.trim() === '') throw inputInvalid(SCOPE, 'question', 'must be a non-empty string');
  if (typeof context !== 'object' || context === null) throw inputInvalid(SCOPE, 'context', 'must be an OperationContext { app, signal, logger?, diagnostics? }');
  const { signal, logger, diagnostics } = context as Record<string, unknown>;
  if (!isAbortSignal(signal)) throw inputInvalid(SCOPE, 'context.signal', 'must be an AbortSignal');
  if (logger !== undefined && !isLogger(logger)) throw inputInvalid(SCOPE, 'context.logger', 'must be a SubFlowLog (record, child)');
  // Checked here too (the runner checks it at each model call), so a bad one is refused before
  // the App's authorize runs.
  const issue = diagnostics === undefined ? undefined : diagnosticsValidator.issues(diagnostics, 1)[0];
  if (issue !== undefined) {
    throw inputInvalid(SCOPE, `context.diagnostics${issue.path.replaceAll('/', '.')}`, `must be a DiagnosticContext: ${issue.message}`);
  }
}

/** Whether `value` looks like an `AbortSignal` (from any realm or polyfill). */
export function isAbortSignal(value: unknown): value is AbortSignal {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AbortSignal>;
  return typeof candidate.aborted === 'boolean' && typeof candidate.addEventListener === 'function' && typeof candidate.removeEventListener === 'function';
}

function isLogger(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.record === 'function' && typeof candidate.child === 'function';
}
