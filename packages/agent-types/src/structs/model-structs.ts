import * as Type from '@jangts/agent-types/internal/type';
import { describeValue } from '../internal/describe-value.js';
import { literalUnion } from '../internal/literal-union.js';
import { rule } from '../internal/rule.js';

/** Schema of `ToolProposal`. */
export const ToolProposalSchema = Type.Object({
  callId: Type.String({ minLength: 1 }),
  toolId: Type.String({ minLength: 1 }),
  args: Type.Unknown(),
});

/**
 * Schema of an earlier tool call in an assistant message: a proposal whose arguments are a JSON
 * object (the parsed arguments, not their JSON text), as every provider sends them back.
 */
const MessageToolCallSchema = rule(ToolProposalSchema, ({ args }) =>
  typeof args === 'object' && args !== null && !Array.isArray(args)
    ? undefined
    : { path: ['args'], rule: 'type', problem: `must be a JSON object (the parsed arguments, not their JSON text) (got ${describeValue(args)})`, expected: 'a JSON object' },
);

/** Schema of `ModelMessage`; an assistant message's tool calls have JSON-object arguments. */
export const ModelMessageSchema = Type.Union([
  Type.Object({ role: literalUnion(['system', 'user']), content: Type.String() }, { additionalProperties: false }),
  Type.Object(
    { role: Type.Literal('assistant'), content: Type.String(), toolCalls: Type.Optional(Type.Array(MessageToolCallSchema)) },
    { additionalProperties: false },
  ),
  Type.Object({ role: Type.Literal('tool'), callId: Type.String({ minLength: 1 }), content: Type.String() }, { additionalProperties: false }),
]);

/** Schema of `FinishReason`. */
export const FinishReasonSchema = literalUnion(['stop', 'tool-calls', 'length', 'content-filter', 'other']);

/** Schema of `ModelUsage`. */
export const ModelUsageSchema = Type.Object({
  inputTokens: Type.Optional(Type.Integer({ minimum: 0 })),
  outputTokens: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** Schema of a structured `ProviderChunk` (a bare string chunk is a text delta and needs no schema). */
export const ProviderChunkSchema = Type.Union([
  Type.Object({ type: Type.Literal('text'), text: Type.String() }),
  Type.Object({ type: Type.Literal('tool-call'), callId: Type.String(), toolId: Type.String(), argsDelta: Type.String() }),
  Type.Object({ type: Type.Literal('finish'), reason: FinishReasonSchema, usage: Type.Optional(ModelUsageSchema) }),
]);

/** Schema of `ProviderTool`: a tool as a provider receives it, its parameters as JSON Schema. */
export const ProviderToolSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  description: Type.String(),
  parameters: Type.Record(Type.String(), Type.Unknown()),
});

/** Schema of `ProviderRequest`: what a provider is asked to stream. */
export const ProviderRequestSchema = Type.Object({
  stageId: Type.String({ minLength: 1 }),
  messages: Type.Array(ModelMessageSchema),
  tools: Type.Array(ProviderToolSchema),
});

/**
 * Schema of `ModelResult`: what a model call produced. `value` is the text of a plain-text stage or
 * the proposals of a tool stage; `finishReason` is a string (a provider's own reason passes).
 */
export const ModelResultSchema = Type.Object({
  stageId: Type.String(),
  value: Type.Union([Type.String(), Type.Array(ToolProposalSchema)]),
  text: Type.String(),
  proposals: Type.Array(ToolProposalSchema),
  finishReason: Type.String(),
  usage: Type.Optional(ModelUsageSchema),
});

/** Schema of `OutputEvent`. */
export const OutputEventSchema = Type.Union([
  Type.Object({
    type: Type.Literal('stage-start'),
    stageId: Type.String(),
    mode: literalUnion(['text', 'tools']),
    toolIds: Type.Array(Type.String()),
  }),
  Type.Object({ type: Type.Literal('text-delta'), stageId: Type.String(), text: Type.String() }),
  Type.Object({
    type: Type.Literal('tool-call-delta'),
    stageId: Type.String(),
    callId: Type.String(),
    toolId: Type.String(),
    argsDelta: Type.String(),
  }),
  Type.Object({ type: Type.Literal('stage-end'), stageId: Type.String(), ok: Type.Boolean(), code: Type.Optional(Type.String()) }),
]);
