import { detailValue, parser, rule, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { ReflectionEvidenceSchema, type ReflectionEvidence } from './reflection-evidence.js';

/** What one page tells about its own coverage of the source. */
export interface ReflectionPageCoverage {
  /** `snapshot`: the pages of one cursor chain come from one consistent view; `best-effort`: they may not. */
  readonly consistency: 'best-effort' | 'snapshot';
  /** True when nothing in scope was left out up to the end of the source; `null` when the source cannot tell. */
  readonly complete: boolean | null;
  /** What could not be read, described for a person. */
  readonly gaps: readonly string[];
}

/**
 * One page a {@link ReflectionSource} returns. The reflection reads every page once, into a
 * checked copy: its shape (`ReflectionPageSchema`), at most `limit` items, ids unique within the
 * page and across the pages of one cursor chain, and a cursor never seen before in that chain;
 * any breach aborts the reflection with `PAGE_INVALID`.
 */
export interface ReflectionPage {
  /** Items in source order. */
  readonly items: readonly ReflectionEvidence[];
  /** Continuation cursor; absent when the source has no further items. */
  readonly cursor?: string | undefined;
  readonly coverage: ReflectionPageCoverage;
}

/** Schema of {@link ReflectionPageCoverage}. */
export const ReflectionPageCoverageSchema = Type.Object(
  {
    consistency: Type.Union([Type.Literal('best-effort'), Type.Literal('snapshot')]),
    complete: Type.Union([Type.Boolean(), Type.Null()]),
    gaps: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

/** Schema of {@link ReflectionPage} with at most `maxItems` items, their ids unique (checked once the page has its shape). */
function pageSchema(maxItems?: number) {
  const page = Type.Object(
    {
      items: Type.Array(ReflectionEvidenceSchema, maxItems === undefined ? {} : { maxItems }),
      cursor: Type.Optional(Type.String({ minLength: 1 })),
      coverage: ReflectionPageCoverageSchema,
    },
    { additionalProperties: false },
  );
  return rule(page, ({ items }) => {
    const first = new Map<string, number>();
    for (const [index, { id }] of items.entries()) {
      const earlier = first.get(id);
      if (earlier !== undefined) return { path: ['items', index, 'id'], rule: 'duplicate', problem: `repeats the id of items[${earlier}]`, actual: detailValue(id) };
      first.set(id, index);
    }
    return undefined;
  });
}

/** Schema of {@link ReflectionPage}: every page a source returns is read against it (and the query's `limit`). */
export const ReflectionPageSchema = pageSchema();

/** Who refuses page number `page` of the source `sourceId`: `PAGE_INVALID`. */
export function pageDoor(sourceId: string, page: number): InputDoor {
  return { subject: `reflection: source "${sourceId}" page ${page}`, code: 'PAGE_INVALID', name: 'page' };
}

/**
 * Reads a page the source returned for a query of `limit` into a checked copy, each property
 * read once: a list of more than `limit` items is refused on its length, before any item is
 * read. Throws `PAGE_INVALID` naming the field (see `pageDoor`).
 */
export function parseReflectionPage(value: unknown, door: InputDoor, limit: number): ReflectionPage {
  return parser(pageSchema(limit), door).parse(value);
}
