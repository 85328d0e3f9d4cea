import { InputFault, type InputIssue } from './input-issue.js';

/** Deeper than this many levels of objects and lists, an input is refused (`depth`). */
export const MAX_INPUT_DEPTH = 1000;

/** More properties and list items than this in one input, all told, and it is refused (`size`) before they are read. */
export const MAX_INPUT_ITEMS = 10_000_000;

/** The state of one read of one input: where the reader is, and what it has seen. */
export interface Walk {
  /** Property names and list indexes from the input down to the part being read. */
  readonly path: (string | number)[];
  /** Properties and list items counted so far, against {@link MAX_INPUT_ITEMS}. */
  items: number;
  /** The objects and lists above the part being read, outermost first (its length is how deep the walk is): meeting one again is a cycle. */
  readonly ancestors: object[];
  /** The same as a set, once the walk went deeper than {@link SCANNED_DEPTH} levels: a cycle check is then a lookup, not a scan. */
  deepAncestors: Set<object> | undefined;
  /** JSON objects and lists already copied (a value may reuse them), with how deeply each nests; made at the first copy. */
  copies: Map<object, { readonly copy: unknown; readonly height: number }> | undefined;
  /** How deeply the JSON object or list just copied nests (0: only leaves). */
  height: number;
}

/** Up to this many levels deep, a cycle check scans the ancestors (most inputs are a few levels deep: no set to make). */
const SCANNED_DEPTH = 16;

/** A fresh walk. */
export function createWalk(): Walk {
  return { path: [], items: 0, ancestors: [], deepAncestors: undefined, copies: undefined, height: 0 };
}

/** Refuses the part being read (or, with `below`, a part under it). */
export function fail(walk: Walk, issue: Omit<InputIssue, 'path'> & { readonly path?: readonly (string | number)[] }, below: readonly (string | number)[] = issue.path ?? []): never {
  // Not an Error: a fault is caught by the door, and a stack trace would only cost.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw new InputFault({ ...issue, path: [...walk.path, ...below] });
}

/** Counts `count` properties or items before they are read; past {@link MAX_INPUT_ITEMS} the input is refused. */
export function countItems(walk: Walk, count: number): void {
  walk.items += count;
  if (walk.items > MAX_INPUT_ITEMS) {
    fail(walk, { rule: 'size', problem: `is too large to check (over ${MAX_INPUT_ITEMS} properties and items)`, limit: MAX_INPUT_ITEMS });
  }
}

/** Steps into an object or list: refuses a cycle and a part deeper than {@link MAX_INPUT_DEPTH}. */
export function enter(walk: Walk, value: object): void {
  const { ancestors, deepAncestors } = walk;
  if (deepAncestors === undefined ? ancestors.includes(value) : deepAncestors.has(value)) fail(walk, { rule: 'cycle', problem: 'contains itself (a cycle)' });
  if (ancestors.length >= MAX_INPUT_DEPTH) fail(walk, { rule: 'depth', problem: `is nested deeper than ${MAX_INPUT_DEPTH} levels`, limit: MAX_INPUT_DEPTH });
  ancestors.push(value);
  if (deepAncestors !== undefined) deepAncestors.add(value);
  else if (ancestors.length > SCANNED_DEPTH) walk.deepAncestors = new Set(ancestors);
}

/** Steps out of an object or list {@link enter} stepped into (the last one not yet left). */
export function leave(walk: Walk, value: object): void {
  walk.ancestors.pop();
  walk.deepAncestors?.delete(value);
}

/** Steps back out to `depth` levels: what a reader that refused the part it was reading had stepped into and not left. */
export function rewind(walk: Walk, depth: number): void {
  const { ancestors, deepAncestors } = walk;
  while (ancestors.length > depth) {
    const left = ancestors.pop() as object;
    deepAncestors?.delete(left);
  }
}

/** Sets `key` on a copy, `__proto__` included (as an own property, not the prototype). */
export function setKey(copy: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  else copy[key] = value;
}
