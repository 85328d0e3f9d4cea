import type { ModelRunner } from '@jangts/agent-runner';
import type { MaybePromise, OperationContext } from '@jangts/agent-types';
import type { ReflectionSource } from './reflection-source.js';

/**
 * Options of `defineReflection`. Every budget is a positive safe integer; unknown keys are
 * refused (`CONFIG_INVALID` naming the field).
 */
export interface ReflectionOptions<App> {
  /** The runner the model calls go through (stage id `reflection`). */
  readonly model: ModelRunner;
  /** Where evidence comes from; its own `authorize` guards every query. */
  readonly source: ReflectionSource<App>;
  /** Guards the question; runs before anything else. A rejection (or throw) is `UNAUTHORIZED`. */
  readonly authorize: (question: string, context: OperationContext<App>) => MaybePromise<void>;
  /** Most model calls, the report's included; at least 2. */
  readonly maxCalls: number;
  /** The last calls, in which only `submit_report` is offered; `1 <= reserveCalls < maxCalls`. */
  readonly reserveCalls: number;
  /** Most pages read from the source. */
  readonly maxPages: number;
  /** Most evidence items received. */
  readonly maxEvents: number;
  /** Most characters of evidence text sent to the model. */
  readonly maxEvidenceChars: number;
}
