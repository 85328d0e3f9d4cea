import type { MaybePromise, OperationContext, ToolSpec } from '@jangts/agent-types';
import { literalUnion, reference } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static, TObject } from 'typebox';

/** A proposal as an App's approval policy sees it: its call id, tool id and the recorded arguments (its own copy). */
export interface TurnProposal<TArgs = unknown> {
  readonly callId: string;
  readonly toolId: string;
  readonly args: TArgs;
}

/**
 * Who decides whether a validated proposal runs: `'auto'` (the policy approves it), `'required'`
 * (the turn stops `awaiting-approval` and the App decides on `resume`), or the App's function of
 * the proposal and the context, resolving to `true` (approve) or `false` (deny). A function that
 * throws, or resolves to anything but a boolean, denies (fail closed).
 */
export type TurnApproval<TArgs = unknown, TApp = unknown> =
  | 'auto'
  | 'required'
  | ((proposal: TurnProposal<TArgs>, context: OperationContext<TApp>) => MaybePromise<boolean>);

/**
 * One tool of a turn: its spec (what the model sees), the App's `execute` and the approval
 * policy. `execute(args, context)` receives a copy of the validated arguments and the App's own
 * context (its `signal` aborts with the turn); what it returns becomes the tool result the model
 * reads (a string as is, anything else as its JSON text). The turn's final tool (`finalToolId`)
 * has neither `execute` nor `approval`: it is returned to the App, never executed.
 */
export interface TurnTool<TParameters extends TObject = TObject, TApp = unknown> {
  readonly spec: ToolSpec<TParameters>;
  readonly execute?: ((args: Static<TParameters>, context: OperationContext<TApp>) => unknown) | undefined;
  readonly approval?: TurnApproval<Static<TParameters>, TApp> | undefined;
}

/** Tool ids are wire function names, as the runner takes them. */
const TOOL_ID = '^[a-zA-Z0-9_-]{1,64}$';

/** Schema of a {@link TurnTool}; whether `execute` and `approval` are given is a rule of the options. */
export const TurnToolSchema = Type.Object(
  {
    spec: Type.Object(
      {
        id: Type.String({ pattern: TOOL_ID }),
        description: Type.String(),
        parameters: reference<TObject>("a TypeBox object schema (JSON Schema with type: 'object')", (value) => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'object'),
      },
      { additionalProperties: false },
    ),
    execute: Type.Optional(Type.Function([Type.Any(), Type.Any()], Type.Any())),
    approval: Type.Optional(Type.Union([literalUnion(['auto', 'required']), Type.Function([Type.Any(), Type.Any()], Type.Any())])),
  },
  { additionalProperties: false },
);
