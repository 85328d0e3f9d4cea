import { ModelRunner } from '@jangts/agent-runner';
import { createScriptedProvider, type ScriptedProvider, type ScriptedStep } from '@jangts/agent-runner/providers/scripted';
import type { OperationContext, ProviderRequest } from '@jangts/agent-types';
import type { ReflectionEvidence, ReflectionPage, ReflectionQuery, ReflectionSource } from '../../src/index.js';

/** A context with a fresh, never-aborted signal (or the given one). */
export function testContext<App = unknown>(app?: App, signal: AbortSignal = new AbortController().signal): OperationContext<App> {
  return { app: app as OperationContext<App>['app'], signal };
}

/** `count` evidence items `e0`, `e1`, … with text `text(index)`. */
export function makeItems(count: number, text: (index: number) => string = (index) => `event ${index} happened`): ReflectionEvidence[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `e${index}`,
    type: index % 2 === 0 ? 'model.start' : 'model.end',
    text: text(index),
    at: new Date(Date.UTC(2024, 4, 1, 12, 0, index)).toISOString(),
    run: 'run-1',
    data: { index },
  }));
}

/** An in-memory source with call spies: pages of `items` (after a `types` filter) by offset cursor `c<offset>`. */
export interface MemorySource extends ReflectionSource {
  readonly authorizeCalls: ReflectionQuery[];
  readonly queryCalls: ReflectionQuery[];
}

export function memorySource(items: readonly ReflectionEvidence[], overrides: Partial<ReflectionSource> = {}): MemorySource {
  const authorizeCalls: ReflectionQuery[] = [];
  const queryCalls: ReflectionQuery[] = [];
  const source: ReflectionSource = {
    id: 'memory',
    description: 'In-memory evidence for tests.',
    authorize: () => undefined,
    query: (query) => {
      const selected = query.types === undefined ? items : items.filter((item) => query.types?.includes(item.type));
      const offset = query.cursor === undefined ? 0 : Number(query.cursor.slice(1));
      const end = Math.min(selected.length, offset + query.limit);
      const page: ReflectionPage = {
        items: selected.slice(offset, end),
        ...(end < selected.length ? { cursor: `c${end}` } : {}),
        coverage: { consistency: 'snapshot', complete: end >= selected.length, gaps: [] },
      };
      return Promise.resolve(page);
    },
    ...overrides,
  };
  return {
    id: source.id,
    description: source.description,
    authorizeCalls,
    queryCalls,
    authorize: (query, context) => {
      authorizeCalls.push(query);
      return source.authorize(query, context);
    },
    query: (query, context) => {
      queryCalls.push(query);
      return source.query(query, context);
    },
  };
}

/** A runner over a scripted provider. */
export function scriptedModel(steps: readonly ScriptedStep[]): { model: ModelRunner; provider: ScriptedProvider } {
  const provider = createScriptedProvider(steps);
  return { model: new ModelRunner({ provider }), provider };
}

/** One reply calling `toolId` with `args`. */
export function call(toolId: string, args: unknown): ScriptedStep {
  return { toolCalls: [{ toolId, args }] };
}

/** The parsed JSON results of the tool messages at the end of the request (the last call's results). */
export function lastToolResults(request: ProviderRequest): Record<string, unknown>[] {
  const results: Record<string, unknown>[] = [];
  for (let index = request.messages.length - 1; index >= 0; index -= 1) {
    const message = request.messages[index];
    if (message?.role !== 'tool') break;
    results.unshift(JSON.parse(message.content) as Record<string, unknown>);
  }
  return results;
}

/** Every tool result the request carries, parsed. */
export function allToolResults(request: ProviderRequest): Record<string, unknown>[] {
  return request.messages.flatMap((message) => (message.role === 'tool' ? [JSON.parse(message.content) as Record<string, unknown>] : []));
}

/** Ids of the items in a query result. */
export function resultIds(result: Record<string, unknown> | undefined): string[] {
  const items = (result?.items ?? []) as { id: string }[];
  return items.map((item) => item.id);
}

/**
 * A model that pages through the source with `limit` per query, following cursors, and then
 * reports citing the first id it read (or no findings when nothing was read).
 */
export function pagingModel(limit: number, claim = 'the events were read'): ScriptedStep {
  return (request) => {
    const [last] = lastToolResults(request);
    const seen = allToolResults(request).flatMap(resultIds);
    const queryOffered = request.tools.some((tool) => tool.id === 'query_evidence');
    const cursor = last?.ok === true ? (last.cursor as string | undefined) : undefined;
    const exhausted = last?.ok === false;
    if (queryOffered && !exhausted && (last === undefined || cursor !== undefined)) {
      return call('query_evidence', { limit, ...(cursor === undefined ? {} : { cursor }) }) as never;
    }
    const findings = seen.length === 0 ? [] : [{ claim, evidenceIds: [seen[0]] }];
    return call('submit_report', { summary: `read ${seen.length} items`, findings }) as never;
  };
}
