import type { ContextFragment } from '@jangts/agent-types';
import { parser, reference, type InputDoor } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { duplicateIdError } from './errors.js';
import { FragmentSchema, trustBeforeShape } from './fragment-schema.js';
import { renderFragmentValue } from './render-fragment-value.js';

// The built-in methods, called with `.call`: a subclass's overrides never run.
// eslint-disable-next-line @typescript-eslint/unbound-method
const { has: setHas, add: setAdd } = Set.prototype;

/** True for a real `Set` (a subclass too; not a proxy of one, nor a look-alike with `has`/`add`). */
function isSet(value: unknown): boolean {
  try {
    setHas.call(value, undefined);
    return true;
  } catch {
    return false;
  }
}

const ARGUMENTS: InputDoor = { subject: 'validateContextFragment', code: 'CONFIG_INVALID', name: 'arguments' };
const FRAGMENT: InputDoor = { subject: 'validateContextFragment', code: 'FRAGMENT_INVALID', name: 'arguments', at: ['fragment'] };

/** The arguments of `validateContextFragment` beside the fragment. */
const ArgumentsSchema = Type.Object(
  {
    ids: Type.Optional(reference<Set<string>>('a Set of fragment ids', isSet)),
    checkBudget: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const validateArguments = /* @__PURE__ */ parser(ArgumentsSchema, ARGUMENTS);
const fragmentParser = /* @__PURE__ */ parser(FragmentSchema, { ...FRAGMENT, misuse: trustBeforeShape });

/**
 * Validates one fragment and returns the text it contributes to the model input: the string
 * value itself, or `JSON.stringify` of a record value.
 *
 * Checks, in this order (the first failure is thrown):
 * 1. `ids` is `undefined` or a `Set`, `checkBudget` a boolean (`CONFIG_INVALID`);
 * 2. `user`/`tool` trust with role `system` is a `TRUST_VIOLATION`, whatever else is wrong;
 * 3. the fragment is a plain object with exactly the seven fields, each readable and each
 *    keeping its rule, and a record value only outside the system slot (`FRAGMENT_INVALID`);
 * 4. with `ids`, an id already in the set is `FRAGMENT_DUPLICATE`;
 * 5. a record value is plain JSON (`FRAGMENT_INVALID` naming its path, `fragment.value.items[3].when`);
 * 6. with `checkBudget`, a text longer than `maxChars` UTF-16 code units is `FRAGMENT_BUDGET`.
 *
 * With `ids`, the id is added to the set once every check has passed (through the built-in
 * `Set` methods); a rejected fragment leaves the set unchanged.
 *
 * @param fragment - the fragment; its fields are read once each (`trust` and `role`, looked at first, twice).
 * @param ids - ids already used in this assembly; the fragment's id is added to it.
 * @param checkBudget - whether to enforce `maxChars` (default `true`).
 * @returns the text the fragment contributes.
 * @throws AgentCoreError with code `CONFIG_INVALID`, `FRAGMENT_INVALID`, `TRUST_VIOLATION`,
 *   `FRAGMENT_DUPLICATE` or `FRAGMENT_BUDGET`, as `validateContextFragment: <field> <problem>`;
 *   never any other exception.
 *
 * @example
 * ```ts
 * validateContextFragment({ id: 'facts', sourceId: 'crm', trust: 'app', lifetime: 'session',
 *   maxChars: 100, role: 'user', value: { plan: 'pro' } }); // '{"plan":"pro"}'
 * ```
 */
export function validateContextFragment(fragment: ContextFragment, ids?: Set<string>, checkBudget = true): string {
  const options = validateArguments.parse({ ids, checkBudget });
  const checked = fragmentParser.parse(fragment);
  const set = options.ids;
  if (set !== undefined && setHas.call(set, checked.id)) throw duplicateIdError(FRAGMENT, ['id'], checked.id);
  const text = renderFragmentValue(checked, FRAGMENT, [], options.checkBudget ?? true);
  if (set !== undefined) setAdd.call(set, checked.id);
  return text;
}
