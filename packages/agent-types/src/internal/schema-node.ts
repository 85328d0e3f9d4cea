/*
 * How TypeBox 1.x lays out a schema object (its `Memory.Create` and `Memory.Update`, under its
 * default settings): JSON Schema keywords as enumerable properties, TypeBox's own markers
 * (`~kind`, `~optional`, `~refine`, `~unsafe`) as hidden ones, both configurable and writable.
 */

/** A schema object under construction. */
type Node = Record<PropertyKey, unknown>;

function define(node: Node, key: PropertyKey, value: unknown, enumerable: boolean): void {
  Object.defineProperty(node, key, { configurable: true, writable: true, enumerable, value });
}

/** A new schema object: `fields`, then `options` (which may override them), and the hidden `kind`. */
export function createNode(kind: string, fields: object, options: object = {}): Node {
  const node: Node = { ...fields, ...options };
  define(node, '~kind', kind, false);
  return node;
}

/**
 * A copy of `node` with the hidden properties `hidden` and the enumerable ones `enumerable` set
 * (or moved to the end, in that order): every other own property kept with its descriptor, but
 * `__proto__`, `constructor` and `prototype`.
 */
export function updateNode(node: object, hidden: Readonly<Record<string, unknown>>, enumerable: Readonly<Record<string, unknown>> = {}): Node {
  const copy: Node = {};
  for (const key of Reflect.ownKeys(node)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype' || Object.hasOwn(hidden, key) || Object.hasOwn(enumerable, key)) continue;
    Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(node, key) as PropertyDescriptor);
  }
  for (const key of Object.keys(hidden)) define(copy, key, hidden[key], false);
  for (const key of Object.keys(enumerable)) define(copy, key, enumerable[key], true);
  return copy;
}
