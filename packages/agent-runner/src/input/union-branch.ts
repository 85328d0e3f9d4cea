/*
 * Picks the member of a discriminated union a value means, so that its issues name what is wrong
 * with it rather than with the union's first member.
 */

type SchemaNode = Readonly<Record<string, unknown>>;

/** The constants a property schema allows: `{ const }` or an `anyOf` of them; else undefined. */
function constants(schema: unknown): readonly unknown[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const node = schema as SchemaNode;
  if ('const' in node) return [node.const];
  if (!Array.isArray(node.anyOf)) return undefined;
  const values: unknown[] = [];
  for (const member of node.anyOf) {
    if (typeof member !== 'object' || member === null || !('const' in member)) return undefined;
    values.push((member as SchemaNode).const);
  }
  return values;
}

/** One union member and the constants its discriminating properties require. */
interface Member {
  readonly tags: readonly (readonly [key: string, values: readonly unknown[]])[];
  readonly schema: SchemaNode;
}

/** A discriminated union: the member a value names, and the discriminators with every value they take. */
export interface UnionBranches<TValidator> {
  /** The compiled member whose constants `value` has, or `undefined` (none, or one that cannot stand alone). */
  readonly pick: (value: unknown) => TValidator | undefined;
  /** Each discriminating key (`type`) with the values its members allow, in member order. */
  readonly discriminators: readonly (readonly [key: string, values: readonly unknown[]])[];
}

/**
 * For a union (`anyOf`) whose members are all objects with at least one property fixed to
 * constants (`type: 'finish'`, `role: 'tool'`), returns how to find the member whose constants a
 * value has (compiled with `compile` once, when first needed) and the discriminators; `undefined`
 * for any other schema.
 */
export function unionBranches<TValidator>(schema: unknown, compile: (member: SchemaNode) => TValidator): UnionBranches<TValidator> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { anyOf } = schema as SchemaNode;
  if (!Array.isArray(anyOf) || anyOf.length < 2) return undefined;
  const members: Member[] = [];
  const compiled = new Map<Member, TValidator | undefined>();
  for (const member of anyOf as unknown[]) {
    if (typeof member !== 'object' || member === null) return undefined;
    const { type, properties } = member as SchemaNode;
    if (type !== 'object' || typeof properties !== 'object' || properties === null) return undefined;
    const tags: (readonly [string, readonly unknown[]])[] = [];
    for (const [key, property] of Object.entries(properties)) {
      const values = constants(property);
      if (values !== undefined) tags.push([key, values]);
    }
    if (tags.length === 0) return undefined;
    members.push({ tags, schema: member as SchemaNode });
  }
  // The discriminators are the keys every member fixes to constants (`type`, `role`); a key only
  // some members fix (`reason: 'stop' | …`) is an ordinary field of those members.
  const shared = members.map(({ tags }) => new Set(tags.map(([key]) => key))).reduce((common, keys) => new Set([...common].filter((key) => keys.has(key))));
  if (shared.size === 0) return undefined;
  for (const [index, member] of members.entries()) members[index] = { ...member, tags: member.tags.filter(([key]) => shared.has(key)) };
  const discriminators = [...shared].map((key): readonly [string, readonly unknown[]] => [key, members.flatMap(({ tags }) => tags.find(([tag]) => tag === key)?.[1] ?? [])]);
  const pick = (value: unknown): TValidator | undefined => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    const match = members.find(({ tags }) => tags.every(([key, values]) => values.includes(record[key])));
    if (match === undefined) return undefined;
    if (compiled.has(match)) return compiled.get(match);
    let validator: TValidator | undefined;
    try {
      validator = compile(match.schema);
    } catch {
      // A member that cannot stand alone (a `$ref` into the root's definitions, say): the whole
      // union explains the value instead.
      validator = undefined;
    }
    compiled.set(match, validator);
    return validator;
  };
  return { pick, discriminators };
}
