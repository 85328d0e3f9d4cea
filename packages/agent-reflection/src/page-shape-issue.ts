import { compileSchema, firstHole, type SchemaIssue } from '@jangts/agent-types/internal';
import * as Type from 'typebox';
import type { ReflectionPage } from './reflection-page.js';
import { ReflectionEvidenceSchema, ReflectionPageSchema } from './structs/evidence-structs.js';

const pageValidator = compileSchema(ReflectionPageSchema);
const itemValidator = compileSchema(ReflectionEvidenceSchema);
/** The page schema with its items left out (any value), so that its issue walk never goes through them. */
const frameValidator = compileSchema(Type.Object({ ...ReflectionPageSchema.properties, items: Type.Unknown() }, { additionalProperties: false }));

/**
 * The first issue of `value` against `ReflectionPageSchema`, the one
 * `compileSchema(ReflectionPageSchema).issues(value, 1)` names, found without TypeBox's issue walk
 * over every item (tens of microseconds per item, valid or not): the compiled checks find the
 * part at fault, and only that part is explained — the first invalid item when the rest of the
 * page is fine, the rest of the page when every item is fine. A page wrong in both is explained
 * by the whole walk, which alone knows which of the two it reports first. A hole in `items` or
 * `coverage.gaps`, which the schema's checks skip, is an issue too.
 */
export function findPageShapeIssue(value: unknown): SchemaIssue | undefined {
  if (pageValidator.check(value)) return holeIssue(value);
  const items: unknown = typeof value === 'object' && value !== null ? (value as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) return wholeWalk(value); // no item to walk through
  const frameIssue = frameValidator.issues(value, 1)[0];
  const bad = items.findIndex((item) => !itemValidator.check(item));
  // Each fallback to the whole walk below is for a page whose getters answer differently from one read to the next.
  if (bad === -1) return frameIssue ?? wholeWalk(value);
  if (frameIssue !== undefined) return wholeWalk(value);
  const itemIssue = itemValidator.issues(items[bad], 1)[0];
  return itemIssue === undefined ? wholeWalk(value) : { path: `/items/${bad}${itemIssue.path}`, message: itemIssue.message };
}

/** A hole in `items` or `coverage.gaps` of a page the schema passed (it skips holes), as the schema names an `undefined` there. */
function holeIssue(page: ReflectionPage): SchemaIssue | undefined {
  const item = firstHole(page.items);
  if (item >= 0) return { path: `/items/${item}`, message: 'must be object' };
  const gap = firstHole(page.coverage.gaps);
  return gap >= 0 ? { path: `/coverage/gaps/${gap}`, message: 'must be string' } : undefined;
}

function wholeWalk(value: unknown): SchemaIssue | undefined {
  return pageValidator.issues(value, 1)[0];
}
