import { ContextFragmentSchema, type ContextFragment } from '@jangts/agent-types';
import { quoteText, reference, rule, type RuleIssue } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';

/** True for a string or a plain object (prototype `Object.prototype` or `null`, not an array). */
function isStringOrPlainRecord(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `user` or `tool` content in the system slot, as a `TRUST_VIOLATION` issue at `role`, or
 * `undefined`. Whatever else is right or wrong about the fragment.
 */
function systemSlotIssue(trust: unknown, role: unknown, id: unknown): RuleIssue | undefined {
  if (role !== 'system' || (trust !== 'user' && trust !== 'tool')) return undefined;
  const fragment = typeof id === 'string' ? `fragment ${quoteText(id)}` : 'the fragment';
  return {
    path: ['role'],
    rule: 'trust',
    problem: `is "system", but ${fragment} is ${quoteText(trust)} content: the system slot is filled only from fragments of system or app trust`,
    expected: '"user"',
    actual: 'system',
    code: 'TRUST_VIOLATION',
  };
}

/**
 * Looks at a raw fragment for `user` or `tool` content in the system slot before its schema does,
 * so that an escalation is named first, whatever else is wrong with it (an unknown, missing or
 * unreadable field, a bad id, a record value, …). Reads `trust` and `role` of a plain object, and
 * for the message `id` (the schema reads them again); anything else, or anything that throws, is
 * left to the schema.
 */
export function trustBeforeShape(fragment: unknown): RuleIssue | undefined {
  try {
    if (typeof fragment !== 'object' || fragment === null) return undefined;
    const prototype: unknown = Object.getPrototypeOf(fragment);
    if (prototype !== Object.prototype && prototype !== null) return undefined;
    const { trust, role } = fragment as Readonly<Record<string, unknown>>;
    if (role !== 'system' || (trust !== 'user' && trust !== 'tool')) return undefined;
    return systemSlotIssue(trust, role, idOf(fragment));
  } catch {
    return undefined;
  }
}

/** The fragment's id for a message, or `undefined` when reading it throws. */
function idOf(fragment: object): unknown {
  try {
    return (fragment as Readonly<Record<string, unknown>>).id;
  } catch {
    return undefined;
  }
}

/**
 * The door schema of one `ContextFragment`: a plain object with exactly the seven fields (id
 * matching its pattern, a non-empty sourceId, trust, lifetime and role from their unions, a
 * positive safe integer maxChars, a value that is a string or a plain record), `user`/`tool`
 * content never in the system slot (`TRUST_VIOLATION`), and a string value only for role
 * `system`. The value is kept by reference: its JSON is read once, by `renderFragmentValue`.
 */
export const FragmentSchema = rule(
  Type.Object(
    {
      id: ContextFragmentSchema.properties.id,
      sourceId: ContextFragmentSchema.properties.sourceId,
      // Enums, not the unions of literals of ContextFragmentSchema: the same values, read with one lookup.
      trust: Type.Enum(['system', 'app', 'user', 'tool']),
      lifetime: Type.Enum(['static', 'session', 'turn', 'call']),
      maxChars: ContextFragmentSchema.properties.maxChars,
      role: Type.Enum(['system', 'user']),
      value: reference<ContextFragment['value']>('a string or a plain JSON record', isStringOrPlainRecord),
    },
    { additionalProperties: false },
  ),
  (fragment) =>
    systemSlotIssue(fragment.trust, fragment.role, fragment.id) ??
    (fragment.role === 'system' && typeof fragment.value !== 'string'
      ? { path: ['value'], rule: 'system-string', problem: 'must be a string: role "system" takes a string value only (got a record)', expected: 'a string' }
      : undefined),
);

/** The door schema of a list of fragments: each a {@link FragmentSchema}, no id twice (`FRAGMENT_DUPLICATE`). */
export const FragmentListSchema = rule(Type.Array(FragmentSchema), (fragments) => {
  const seen = new Map<string, number>();
  for (let index = 0; index < fragments.length; index += 1) {
    const { id } = fragments[index] as ContextFragment;
    const first = seen.get(id);
    if (first !== undefined) {
      return { path: [index, 'id'], rule: 'duplicate', problem: `is ${quoteText(id)}, already the id of the fragment at index ${first}`, actual: id, code: 'FRAGMENT_DUPLICATE' };
    }
    seen.set(id, index);
  }
  return undefined;
});

/** The first fragment of a list (a plain array) with `user` or `tool` content in the system slot, as {@link trustBeforeShape} finds it. */
export function trustBeforeShapeInList(fragments: unknown): RuleIssue | undefined {
  const list = fragments as readonly unknown[];
  for (let index = 0; index < list.length; index += 1) {
    const issue = trustBeforeShape(list[index]);
    if (issue !== undefined) return { ...issue, path: [index, ...(issue.path ?? [])] };
  }
  return undefined;
}
