import { AbortSignalSchema, OperationContextSchema, type DiagnosticContext, type ModelMessage, type SubFlowLog } from '@jangts/agent-types';
import { parser, reference } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import { INVOKE_DOOR } from '../errors.js';
import { parseModelInput } from './model-input.js';
import { SinkOptionsSchema, sinkTarget, type SinkTarget } from './runner-options.js';
import { ToolSpecListSchema } from './tool-spec.js';

/** Stage ids: a letter, then letters, digits and `:._/-`; at most 128 characters. */
const STAGE_ID = '^[a-zA-Z][a-zA-Z0-9:._/-]{0,127}$';

/**
 * Schema of an `InvokeRequest`: `input` (read by its own reader, see `parseModelInput`), a stage id
 * matching `^[a-zA-Z][a-zA-Z0-9:._/-]{0,127}$`, the stage's tool specs (distinct ids), an
 * `AbortSignal`, an operation context, the call's own output sink. Unknown fields are refused.
 */
export const InvokeRequestSchema = Type.Object(
  {
    input: reference<unknown>('a model input', () => true),
    stageId: Type.String({ maxLength: 128, pattern: STAGE_ID }),
    tools: Type.Optional(ToolSpecListSchema),
    signal: Type.Optional(AbortSignalSchema),
    context: Type.Optional(OperationContextSchema),
    sink: Type.Optional(SinkOptionsSchema),
  },
  { additionalProperties: false },
);

const request = /* @__PURE__ */ parser(InvokeRequestSchema, INVOKE_DOOR);

/** A tool spec as read from the request: its parameters a JSON copy. */
export interface ToolSpecCopy {
  readonly id: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** An invoke request read once and checked: what the invocation runs on. */
export interface CheckedRequest {
  readonly stageId: string;
  /** The messages the provider receives: frozen, the runner's own (or messages it checked before that cannot change). */
  readonly messages: readonly ModelMessage[];
  /** The stage's tools as read (their parameter checks are compiled when the call starts); empty for a plain-text stage. */
  readonly tools: readonly ToolSpecCopy[];
  readonly signals: readonly AbortSignal[];
  readonly logger: SubFlowLog | undefined;
  readonly diagnostics: DiagnosticContext | undefined;
  /** The call's own output sink (`sink.output`), written after the runner's. */
  readonly output: SinkTarget | undefined;
}

const NO_TOOLS: readonly ToolSpecCopy[] = Object.freeze([]);
const NO_SIGNALS: readonly AbortSignal[] = Object.freeze([]);

/**
 * Reads an invoke request once (each field, tool spec and message read a single time, and tool
 * specs afresh on every call) into a {@link CheckedRequest}.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field in the one door form (`invoke request:
 * tools[0].id must match …`), `TRUST_VIOLATION` / `PLAN_VIOLATION` for a message list that breaks
 * the trust or pairing rule.
 */
export function parseInvokeRequest(value: unknown): CheckedRequest {
  const read = request.parse(value);
  const messages = parseModelInput(read.input);
  const { signal, context } = read;
  const signals = signal === undefined ? (context === undefined ? NO_SIGNALS : [context.signal]) : context === undefined ? [signal] : [signal, context.signal];
  return {
    stageId: read.stageId,
    messages,
    tools: read.tools ?? NO_TOOLS,
    signals,
    logger: context?.logger,
    diagnostics: context?.diagnostics,
    output: sinkTarget(read.sink?.output),
  };
}
