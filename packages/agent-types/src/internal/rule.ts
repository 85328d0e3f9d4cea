import type { Static, TSchema } from '@jangts/agent-types/internal/typebox';
import { Refine } from './type.js';
import type { InputIssue } from './input-issue.js';

/** What a {@link rule} reports: an issue, its `path` below the refined value. */
export type RuleIssue = Omit<InputIssue, 'path'> & { readonly path?: readonly (string | number)[] };

/** A cross-field check of a value that already matches its schema: an issue, or `undefined`. */
export type RuleCheck<TValue> = (value: TValue) => RuleIssue | undefined;

/** The structured check behind each refinement {@link rule} made, by the refinement's own check. */
const structured = new WeakMap<(value: unknown) => boolean, RuleCheck<unknown>>();

/**
 * `schema` refined by a cross-field `check`, as a `Type.Refine` (so any TypeBox check honours it
 * too). The door runs it on the snapshot once the value matches `schema` and turns what it
 * reports into the one error form, with its path, rule, limit and code.
 */
/* @__NO_SIDE_EFFECTS__ */ export function rule<TShape extends TSchema>(schema: TShape, check: RuleCheck<Static<TShape>>): TShape {
  const refinement = (value: unknown): boolean => check(value as Static<TShape>) === undefined;
  structured.set(refinement, check as RuleCheck<unknown>);
  return Refine(schema, refinement, (value) => check(value as Static<TShape>)?.problem ?? 'breaks a rule');
}

/** The structured check of a refinement {@link rule} made, or `undefined` for a plain `Type.Refine`. */
export function structuredRule(refinement: (value: unknown) => boolean): RuleCheck<unknown> | undefined {
  return structured.get(refinement);
}
