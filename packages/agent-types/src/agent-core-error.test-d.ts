import { expectTypeOf, test } from 'vitest';
import type { AgentCoreErrorCode } from './agent-core-error-code.js';
import { AgentCoreError } from './agent-core-error.js';
import type { JsonObject } from './json-value.js';

// The ESM and CJS builds each declare the class (`index.d.ts`, `index.d.cts`). TypeScript compares
// two declared classes structurally unless one has a private or protected member, so the class
// must declare none: then an error typed by one copy fits the other's type.

/** The class as the other build's declarations describe it. */
declare class OtherCopyOfAgentCoreError extends Error {
  readonly code: AgentCoreErrorCode;
  readonly details: JsonObject;
  constructor(code: AgentCoreErrorCode, message: string, options?: { readonly details?: JsonObject | undefined; readonly cause?: unknown } | null);
  static isInstance(value: unknown): value is OtherCopyOfAgentCoreError;
  static from(error: unknown, code: AgentCoreErrorCode, message?: string, details?: JsonObject): OtherCopyOfAgentCoreError;
  static [Symbol.hasInstance](value: unknown): boolean;
  toJSON(): { name: string; code: AgentCoreErrorCode; message: string; details: JsonObject };
}

test('an AgentCoreError of another copy fits this copy\'s type, both ways', () => {
  expectTypeOf<OtherCopyOfAgentCoreError>().toExtend<AgentCoreError>();
  expectTypeOf<AgentCoreError>().toExtend<OtherCopyOfAgentCoreError>();
  expectTypeOf<typeof OtherCopyOfAgentCoreError>().toExtend<typeof AgentCoreError>();
  expectTypeOf<typeof AgentCoreError>().toExtend<typeof OtherCopyOfAgentCoreError>();
  // A plain object of the same shape (what a structural check of the other build sees).
  expectTypeOf<{
    name: string;
    message: string;
    stack?: string;
    cause?: unknown;
    code: AgentCoreErrorCode;
    details: JsonObject;
    toJSON(): { name: string; code: AgentCoreErrorCode; message: string; details: JsonObject };
  }>().toExtend<AgentCoreError>();
  // The shape still matters: a bare Error is not one.
  expectTypeOf<Error>().not.toExtend<AgentCoreError>();
});

test('instanceof narrows to the class on its right, a subclass included', () => {
  class ProviderError extends AgentCoreError {
    readonly provider = 'p';
  }
  const value = null as unknown;
  if (value instanceof AgentCoreError) expectTypeOf(value).toEqualTypeOf<AgentCoreError>();
  if (value instanceof ProviderError) expectTypeOf(value).toEqualTypeOf<ProviderError>();
});
