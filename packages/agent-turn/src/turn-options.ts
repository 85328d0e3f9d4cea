import type { InvokeRequest, ModelResult, OutputSink } from '@jangts/agent-types';
import { live, parser, rule, type RuleIssue } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static, TObject } from 'typebox';
import { TurnToolSchema, type TurnTool } from './turn-tool.js';

/** What a turn calls the model through: a `ModelRunner`, or any object with its `invoke` (with a preview, it gets the request's `sink.output` to feed). */
export interface TurnModel {
  invoke(request: InvokeRequest): PromiseLike<ModelResult>;
}

/**
 * Options of `defineTurn`. Every budget is a safe integer, at least 1 (`maxToolCalls` may be 0:
 * the model may only reply or call the final tool); unknown keys are refused (`CONFIG_INVALID`
 * naming the field).
 */
export interface TurnOptions<TApp = unknown, TParameters extends readonly TObject[] = readonly TObject[]> {
  /** The `ModelRunner` every step's model call goes through (read as an object with an `invoke` method). */
  readonly model: TurnModel;
  /** The tools the model may call, ids unique; every one but the final tool has `execute` and `approval`. */
  readonly tools: { readonly [TIndex in keyof TParameters]: TurnTool<TParameters[TIndex], TApp> };
  /** Stage id of every model call of the turn (what logs, sinks and preview rules see); default `agent`. */
  readonly stageId?: string | undefined;
  /** Most model calls of the turn, refused notices included. */
  readonly maxSteps: number;
  /** Most tool executions (denied and invalid calls do not run and do not count). */
  readonly maxToolCalls: number;
  /** Most characters of a model call's input: the context's characters plus the history's JSON text. */
  readonly maxInputChars: number;
  /** Longest tool result content the model reads; longer results are cut (and the cut recorded). */
  readonly maxToolResultChars: number;
  /** Longest time the turn works (waiting for approval excluded), checked before each model and tool call. */
  readonly maxDurationMs?: number | undefined;
  /** An output sink (such as `createReplyPreview`'s) every step's model call streams to: the call's own sink (`sink.output` of the request). */
  readonly preview?: OutputSink | undefined;
  /** The tool whose proposal ends the turn `done`: returned to the App, never executed. */
  readonly finalToolId?: string | undefined;
}

const budget = (minimum: number) => Type.Integer({ minimum, maximum: Number.MAX_SAFE_INTEGER });

/** Stage ids as the runner takes them. */
const STAGE_ID = '^[a-zA-Z][a-zA-Z0-9:._/-]{0,127}$';

const TurnOptionsObjectSchema = Type.Object(
  {
    model: live<TurnModel>('a ModelRunner (an object with an invoke method)', Type.Object({ invoke: Type.Function([Type.Any()], Type.Any()) })),
    tools: Type.Array(TurnToolSchema, { minItems: 1 }),
    stageId: Type.Optional(Type.String({ pattern: STAGE_ID })),
    maxSteps: budget(1),
    maxToolCalls: budget(0),
    maxInputChars: budget(1),
    maxToolResultChars: budget(1),
    maxDurationMs: Type.Optional(budget(1)),
    preview: Type.Optional(live<OutputSink>('an output sink with a write(event) method', Type.Object({ write: Type.Function([Type.Any()], Type.Any()) }))),
    finalToolId: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);

/** Schema of {@link TurnOptions}: exactly these keys, tool ids unique, `execute` and `approval` on every tool but the final one. */
export const TurnOptionsSchema = rule(TurnOptionsObjectSchema, toolsIssue);

/** The options as read: a checked copy, the model's `invoke` and the sink's `write` bound to the App's objects. */
export type ParsedTurnOptions = Static<typeof TurnOptionsSchema>;

const options = /* @__PURE__ */ parser(TurnOptionsSchema, { subject: 'defineTurn options', code: 'CONFIG_INVALID', name: 'options' });

/** Reads the options of `defineTurn` once into a checked copy; `CONFIG_INVALID` naming the field. */
export function parseTurnOptions(value: unknown): ParsedTurnOptions {
  return options.parse(value);
}

function toolsIssue({ tools, finalToolId }: Static<typeof TurnOptionsObjectSchema>): RuleIssue | undefined {
  const ids = tools.map((tool) => tool.spec.id);
  if (finalToolId !== undefined && !ids.includes(finalToolId)) {
    return { path: ['finalToolId'], rule: 'unknown', problem: `names no tool of the turn (tools: ${ids.join(', ')})`, actual: finalToolId };
  }
  const seen = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    const { id } = tool.spec;
    if (seen.has(id)) return { path: ['tools', index, 'spec', 'id'], rule: 'duplicate', problem: `duplicates tool id "${id}"`, actual: id };
    seen.add(id);
    if (id === finalToolId) {
      if (tool.execute !== undefined || tool.approval !== undefined) {
        const key = tool.execute === undefined ? 'approval' : 'execute';
        return { path: ['tools', index, key], rule: 'final', problem: `must not be given: "${id}" is the final tool, returned to the App and never executed` };
      }
      continue;
    }
    if (tool.execute === undefined) return { path: ['tools', index, 'execute'], rule: 'required', problem: 'is required (the App executes its tools)', expected: 'a function' };
    if (tool.approval === undefined) return { path: ['tools', index, 'approval'], rule: 'required', problem: 'is required ("auto", "required" or a function)', expected: '"auto", "required" or a function' };
  }
  return undefined;
}
