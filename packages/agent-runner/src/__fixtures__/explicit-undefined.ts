// Compiled by the `typecheck` task (tsconfig.exact.json) with `exactOptionalPropertyTypes: true`: every optional
// property of the runner's public result and hint types takes an explicit `undefined` (what an App passes on
// from an optional value of its own). The package's own build runs with the flag off, where this proves nothing.
import type { DiagnosticContext } from '@jangts/agent-types';
import type { ModelRunResult, RetryHint } from '../index.js';

declare const maybe: <TValue>(value: TValue) => TValue | undefined;
declare const diagnostics: DiagnosticContext;

export const result: ModelRunResult = {
  stageId: 's',
  value: 'hi',
  text: 'hi',
  proposals: [],
  finishReason: 'stop',
  usage: undefined,
  warnings: [],
  diagnostics: maybe(diagnostics),
};
export const hint: RetryHint = { retryable: true, retryAfterMs: maybe(100) };
