import * as Type from '@jangts/agent-types/internal/type';
import { FinishReasonSchema, ModelUsageSchema, type FinishReason, type ModelUsage, type ProviderChunk, type ProviderRequest } from '@jangts/agent-types';
import { reference, rule } from '@jangts/agent-types/internal';

/** One scripted chunk: a bare string (a text delta) or a structured chunk. */
export type ScriptedChunk = string | ProviderChunk;

/** One scripted tool call of a {@link ScriptedReply}. */
export interface ScriptedToolCall {
  /** The tool's id. */
  readonly toolId: string;
  /** Arguments (JSON), streamed as their JSON text; default `{}`. */
  readonly args?: unknown;
  /** Raw argument text streamed instead of `args` (e.g. invalid JSON, or `''`); give one of the two. */
  readonly argsText?: string | undefined;
  /** Call id; default `call_<call>_<index>` (both counted from 1). */
  readonly callId?: string | undefined;
}

/** A well-formed reply: text, then tool calls, then one finish chunk. */
export interface ScriptedReply {
  readonly text?: string | undefined;
  readonly toolCalls?: readonly ScriptedToolCall[] | undefined;
  /** Finish reason; default `tool-calls` when there are tool calls, else `stop`. */
  readonly finish?: FinishReason | undefined;
  readonly usage?: ModelUsage | undefined;
  /** Stream text and argument text in pieces of this many characters (surrogate pairs kept whole); default one piece each. */
  readonly chunkSize?: number | undefined;
}

/** A failing call: yields `after` (default nothing), then throws `error` as is. */
export interface ScriptedFailure {
  readonly error: unknown;
  readonly after?: readonly ScriptedChunk[] | undefined;
}

/**
 * What one model call replays: a string (one text reply, then finish `stop`), a list of chunks
 * (replayed exactly: no finish is added and nothing is checked, so a script can also simulate a
 * broken provider), a {@link ScriptedReply}, or a {@link ScriptedFailure}.
 */
export type ScriptedReplay = string | readonly ScriptedChunk[] | ScriptedReply | ScriptedFailure;

/**
 * One step: a {@link ScriptedReplay}, or a function of the request and the 1-based call number
 * returning one (a function that throws fails the call with what it threw, as a failure step does).
 */
export type ScriptedStep = ScriptedReplay | ((request: ProviderRequest, call: number) => ScriptedReplay);

/** Anything, kept as it is: a scripted chunk (a broken one too) or a failure's error. */
const AsItIs = reference<unknown>('anything', () => true);

/** A list of chunks, replayed exactly: each kept as it is, unchecked. */
const ChunkListSchema = Type.Array(AsItIs);

const ToolCallSchema = rule(
  Type.Object(
    { toolId: Type.String(), args: Type.Optional(Type.Unknown()), argsText: Type.Optional(Type.String()), callId: Type.Optional(Type.String()) },
    { additionalProperties: false },
  ),
  (call) => (call.args !== undefined && call.argsText !== undefined ? { path: ['argsText'], rule: 'exclusive', problem: 'and args are two ways to give the arguments: give one' } : undefined),
);

const REPLY_FIELDS = ['text', 'toolCalls', 'finish', 'usage', 'chunkSize'] as const;

/**
 * A reply or a failure, told apart by `error`: they share no tag, so the door reads one object of
 * both their fields and this rule keeps them apart.
 */
const ReplyOrFailureSchema = rule(
  Type.Object(
    {
      text: Type.Optional(Type.String()),
      toolCalls: Type.Optional(Type.Array(ToolCallSchema)),
      finish: Type.Optional(FinishReasonSchema),
      usage: Type.Optional(Type.Object(ModelUsageSchema.properties, { additionalProperties: false })),
      chunkSize: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
      // Kept even when `undefined`: `{ error: undefined }` is a failure that throws `undefined`.
      error: Type.Optional(Type.Union([Type.Undefined(), AsItIs])),
      after: Type.Optional(ChunkListSchema),
    },
    { additionalProperties: false },
  ),
  (step) => {
    if ('error' in step) {
      const field = REPLY_FIELDS.find((key) => step[key] !== undefined);
      return field === undefined ? undefined : { path: [field], rule: 'failure', problem: 'is not a failure field (a step with error has only error and after)' };
    }
    return step.after === undefined ? undefined : { path: ['after'], rule: 'failure', problem: 'belongs to a failure step: give error too' };
  },
);

/** Schema of {@link ScriptedReplay}: what a step replays, or what a function step returns. */
export const ScriptedReplaySchema = Type.Union([Type.String(), ChunkListSchema, ReplyOrFailureSchema]);

/** Schema of {@link ScriptedStep}. */
export const ScriptedStepSchema = Type.Union([Type.String(), ChunkListSchema, ReplyOrFailureSchema, Type.Function([Type.Unknown(), Type.Number()], Type.Unknown())]);
