import type { MaybePromise, OperationContext, ReflectionLogReader } from '@jangts/agent-types';
import { live, parser } from '@jangts/agent-types/internal';
import * as Type from 'typebox';
import { NonBlankTextSchema } from './non-blank-text-schema.js';

/** Options of `defineReflectionLogSource`; unknown keys are refused (`CONFIG_INVALID`). */
export interface ReflectionLogSourceOptions<App> {
  /** Any `ReflectionLogReader`: the file log store's `reader`, or the App's own. */
  readonly reader: ReflectionLogReader;
  /** The one trace (run) this source reads; a query naming another run is refused. */
  readonly traceId: string;
  /** The source id (a non-blank string). */
  readonly id: string;
  /** The App's guard, run before every query (after the run scope check). A rejection is `UNAUTHORIZED`. */
  readonly authorize: (context: OperationContext<App>) => MaybePromise<void>;
  /** What the model is told about the source; a default names the trace. */
  readonly description?: string | undefined;
}

/** Schema of {@link ReflectionLogSourceOptions}: a plain object of exactly these keys. */
export const ReflectionLogSourceOptionsSchema = Type.Object(
  {
    reader: live<ReflectionLogReader>('a ReflectionLogReader (an object with a read method)', Type.Object({ read: Type.Function([Type.Any()], Type.Any()) })),
    traceId: Type.String({ minLength: 1 }),
    id: NonBlankTextSchema,
    authorize: Type.Function([Type.Any()], Type.Any()),
    description: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

const options = parser(ReflectionLogSourceOptionsSchema, { subject: 'defineReflectionLogSource options', code: 'CONFIG_INVALID', name: 'options' });

/** Reads the options of `defineReflectionLogSource` once into a checked copy; `CONFIG_INVALID` naming the field. */
export function parseReflectionLogSourceOptions<App>(value: ReflectionLogSourceOptions<App>): ReflectionLogSourceOptions<App> {
  return options.parse(value);
}
