import type { Static, TSchema } from 'typebox';
import { AgentCoreError } from '../agent-core-error.js';
import { compileReader, type Reader } from './compile-reader.js';
import { inputError, type InputDoor } from './input-error.js';
import { InputFault } from './input-issue.js';
import type { RuleIssue } from './rule.js';
import { createWalk, MAX_INPUT_DEPTH } from './walk.js';

/** Reads one kind of public input: `parse` is the door. */
export interface Parser<TShape extends TSchema> {
  readonly schema: TShape;
  /**
   * Reads `value` once into a checked copy typed by the schema, or throws the one
   * `AgentCoreError` form naming the first thing wrong (see `inputError`).
   */
  parse(value: unknown): Static<TShape>;
}

/** A {@link Parser}'s door, and an optional look for a common mistake before the schema's own check. */
export interface ParserOptions extends InputDoor {
  /** Names a mistake the schema would word poorly (`new ModelRunner(provider)`): an issue, or `undefined`. */
  readonly misuse?: (value: unknown) => RuleIssue | undefined;
}

/**
 * The door of one kind of public input. `schema` (a TypeBox schema of the subset the door reads)
 * is compiled once. `parse` takes a guarded, single-read snapshot of the value and checks it in
 * the same walk: every property and item read once, throwing getters and proxy traps, holes,
 * cycles, non-plain objects, depth and size handled in one place; then refinements on the
 * snapshot. Live objects (providers, sinks, signals) are kept, not copied.
 */
/* @__NO_SIDE_EFFECTS__ */ export function parser<TShape extends TSchema>(schema: TShape, options: ParserOptions): Parser<TShape> {
  return { schema, parse: parseWith(compileReader(schema), options) as (value: unknown) => Static<TShape> };
}

/**
 * The `parse` of a door whose reader is already built: one generated ahead of time from its
 * schema (see `emitReader`), so that a bundle holds neither the schema nor the compiler. Reads
 * and refuses exactly as {@link parser} does with the schema the reader was generated from.
 */
/* @__NO_SIDE_EFFECTS__ */ export function parseWith(read: Reader, options: ParserOptions): (value: unknown) => unknown {
  const { misuse } = options;
  return (value) => {
    const walk = createWalk();
    try {
      const mistake = misuse?.(value);
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- caught just below
      if (mistake !== undefined) throw new InputFault({ ...mistake, path: mistake.path ?? [] });
      return read(value, walk);
    } catch (error) {
      if (error instanceof InputFault) throw inputError(options, error.issue);
      if (AgentCoreError.isInstance(error)) throw error;
      if (error instanceof RangeError && /call stack/i.test(error.message)) {
        throw inputError(options, { path: walk.path, rule: 'depth', problem: `is nested too deeply to check (over ${MAX_INPUT_DEPTH} levels, or the stack ran out)`, limit: MAX_INPUT_DEPTH, cause: error });
      }
      throw inputError(options, { path: walk.path, rule: 'readable', problem: 'could not be read (reading it threw)', cause: error });
    }
  };
}
