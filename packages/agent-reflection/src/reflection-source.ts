import type { MaybePromise, OperationContext } from '@jangts/agent-types';
import type { ReflectionPage } from './reflection-page.js';
import type { ReflectionQuery } from './reflection-query.js';

/**
 * App-owned evidence source, including its own authorization. The reflection calls
 * `authorize(query, context)` before every `query(query, context)`; a rejection (or throw) ends
 * the reflection with `UNAUTHORIZED` and the source is not queried.
 */
export interface ReflectionSource<App = unknown> {
  /** Names the source in evidence (`sourceId`), fragments and logs; a non-empty string. */
  readonly id: string;
  /** What the source holds, for the model (App-trust content of the system message). */
  readonly description: string;
  /** Guards one query; runs before any evidence is read. */
  readonly authorize: (query: ReflectionQuery, context: OperationContext<App>) => MaybePromise<void>;
  /** Returns one page; an invalid page shape aborts the reflection. */
  readonly query: (query: ReflectionQuery, context: OperationContext<App>) => Promise<ReflectionPage>;
}
