import type { MaybePromise, OperationContext, ReflectionLogReader } from '@jangts/agent-types';
import { live, parser, rule } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { LogSourceRunsSchema } from './log-source-runs.js';
import { NonBlankTextSchema } from './non-blank-text-schema.js';

/** What every `defineReflectionLogSource` source takes, whichever runs it reads. */
export interface ReflectionLogSourceCommonOptions<App> {
  /** Any `ReflectionLogReader`: the file log store's `reader`, or the App's own. */
  readonly reader: ReflectionLogReader;
  /** The source id (a non-blank string). */
  readonly id: string;
  /** The App's guard, run before every query (after the run scope check). A rejection is `UNAUTHORIZED`. */
  readonly authorize: (context: OperationContext<App>) => MaybePromise<void>;
  /** What the model is told about the source; a default names the trace (or says it holds several runs). */
  readonly description?: string | undefined;
}

/** A source over one trace. */
export interface ReflectionOneRunOptions<App> extends ReflectionLogSourceCommonOptions<App> {
  /** The one trace (run) this source reads; a query naming another run is refused. */
  readonly traceId: string;
  readonly runs?: undefined;
}

/** A source over many traces: a query's `run` picks one of them, a query without `run` reads them all in order. */
export interface ReflectionManyRunsOptions<App> extends ReflectionLogSourceCommonOptions<App> {
  readonly traceId?: undefined;
  /**
   * The App's scope: the trace ids (runs) queries may read, in the order a query without `run`
   * reads them. A list (1 to 10,000 distinct ids), or a function of the context returning one (0 to
   * 10,000), called for every `authorize` and every `query`, so a scope may depend on the user and
   * change between queries. A query (or a cursor) naming a run outside it is refused with
   * `UNAUTHORIZED`.
   */
  readonly runs: readonly string[] | ((context: OperationContext<App>) => MaybePromise<readonly string[]>);
}

/**
 * Options of `defineReflectionLogSource`: exactly one of `traceId` (one trace) and `runs` (the
 * App's scope of many); unknown keys are refused (`CONFIG_INVALID`).
 */
export type ReflectionLogSourceOptions<App> = ReflectionOneRunOptions<App> | ReflectionManyRunsOptions<App>;

/** Schema of {@link ReflectionLogSourceOptions}: a plain object of exactly these keys, with exactly one of `traceId` and `runs`. */
export const ReflectionLogSourceOptionsSchema = rule(
  Type.Object(
    {
      reader: live<ReflectionLogReader>('a ReflectionLogReader (an object with a read method)', Type.Object({ read: Type.Function([Type.Any()], Type.Any()) })),
      traceId: Type.Optional(Type.String({ minLength: 1 })),
      runs: Type.Optional(Type.Union([rule(LogSourceRunsSchema, (runs) => (runs.length === 0 ? { rule: 'length', problem: 'must name at least one run', limit: 1, actual: 0 } : undefined)), Type.Function([Type.Any()], Type.Any())])),
      id: NonBlankTextSchema,
      authorize: Type.Function([Type.Any()], Type.Any()),
      description: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  ),
  (options) => {
    if (options.traceId !== undefined && options.runs !== undefined) {
      return { path: ['runs'], rule: 'exclusive', problem: 'cannot be given with traceId (a source reads one trace, or the runs of a scope)' };
    }
    if (options.traceId === undefined && options.runs === undefined) {
      return { path: ['traceId'], rule: 'required', problem: 'is required (or runs: the trace ids of a scope)' };
    }
    return undefined;
  },
);

const options = /* @__PURE__ */ parser(ReflectionLogSourceOptionsSchema, { subject: 'defineReflectionLogSource options', code: 'CONFIG_INVALID', name: 'options' });

/** Reads the options of `defineReflectionLogSource` once into a checked copy; `CONFIG_INVALID` naming the field. */
export function parseReflectionLogSourceOptions<App>(value: ReflectionLogSourceOptions<App>): ReflectionLogSourceOptions<App> {
  return options.parse(value) as ReflectionLogSourceOptions<App>;
}
