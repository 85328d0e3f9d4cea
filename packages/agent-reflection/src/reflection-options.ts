import type { ModelRunner } from '@jangts/agent-runner';
import type { MaybePromise, OperationContext } from '@jangts/agent-types';
import { live, parser, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { ReflectionSourceSchema, type ReflectionSource } from './reflection-source.js';

/**
 * Options of `defineReflection`. Every budget is a positive safe integer; unknown keys are
 * refused (`CONFIG_INVALID` naming the field).
 */
export interface ReflectionOptions<App> {
  /** The runner the model calls go through (stage id `reflection`); its tool proposals are trusted as validated. */
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

/** Options of a reflection as read: the model's `invoke` and the source's members read once, budgets checked. */
export interface ParsedReflectionOptions<App> extends Omit<ReflectionOptions<App>, 'model'> {
  /** The model's `invoke`, bound to the App's model. */
  readonly model: Pick<ModelRunner, 'invoke'>;
}

const budget = (minimum: number) => Type.Integer({ minimum, maximum: Number.MAX_SAFE_INTEGER });

/** Schema of {@link ReflectionOptions}: a plain object of exactly these keys, `1 <= reserveCalls < maxCalls`. */
export const ReflectionOptionsSchema = rule(
  Type.Object(
    {
      model: live<Pick<ModelRunner, 'invoke'>>('a ModelRunner (an object with an invoke method)', Type.Object({ invoke: Type.Function([Type.Any()], Type.Any()) })),
      source: ReflectionSourceSchema,
      authorize: Type.Function([Type.String(), Type.Any()], Type.Any()),
      maxCalls: budget(2),
      reserveCalls: budget(1),
      maxPages: budget(1),
      maxEvents: budget(1),
      maxEvidenceChars: budget(1),
    },
    { additionalProperties: false },
  ),
  ({ maxCalls, reserveCalls }) =>
    reserveCalls < maxCalls
      ? undefined
      : { path: ['reserveCalls'], rule: 'order', problem: `must be less than maxCalls (${maxCalls}) (got ${reserveCalls})`, limit: maxCalls - 1, actual: reserveCalls },
);

const options = /* @__PURE__ */ parser(ReflectionOptionsSchema, { subject: 'defineReflection options', code: 'CONFIG_INVALID', name: 'options' });

/** Reads the options of `defineReflection` once into a checked copy; `CONFIG_INVALID` naming the field. */
export function parseReflectionOptions<App>(value: ReflectionOptions<App>): ParsedReflectionOptions<App> {
  return options.parse(value);
}
