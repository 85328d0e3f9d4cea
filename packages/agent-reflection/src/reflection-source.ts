import type { MaybePromise, OperationContext } from '@jangts/agent-types';
import { live } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { NonBlankTextSchema } from './non-blank-text-schema.js';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionQuery } from './reflection-query.js';

/**
 * App-owned evidence source, including its own authorization. The reflection calls
 * `authorize(query, context)` before every `query(query, context)`; a rejection (or throw) ends
 * the reflection with `UNAUTHORIZED` and the source is not queried.
 */
export interface ReflectionSource<App = unknown> {
  /** Names the source in evidence (`sourceId`), fragments and logs; a non-blank string. */
  readonly id: string;
  /** What the source holds, for the model (App-trust content of the system message). */
  readonly description: string;
  /** Guards one query; runs before any evidence is read. */
  readonly authorize: (query: ReflectionQuery, context: OperationContext<App>) => MaybePromise<void>;
  /** Returns one page; an invalid page shape aborts the reflection. */
  readonly query: (query: ReflectionQuery, context: OperationContext<App>) => Promise<ReflectionPage>;
}

/** Schema of a {@link ReflectionSource}: the App's object (a class instance too); `id` and `description` read once. */
export const ReflectionSourceSchema = live<ReflectionSource>(
  'a ReflectionSource { id, description, authorize, query }',
  Type.Object({
    id: NonBlankTextSchema,
    description: Type.String(),
    authorize: Type.Function([Type.Any(), Type.Any()], Type.Any()),
    query: Type.Function([Type.Any(), Type.Any()], Type.Any()),
  }),
);
