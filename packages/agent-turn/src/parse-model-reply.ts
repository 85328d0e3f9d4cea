import { ModelUsageSchema, ToolProposalSchema } from '@jangts/agent-types';
import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';

/** Schema of what the turn reads of a `ModelRunner.invoke` result (its other fields are not read). */
export const ModelReplySchema = Type.Object({
  text: Type.String(),
  proposals: Type.Array(ToolProposalSchema),
  finishReason: Type.String(),
  usage: Type.Optional(ModelUsageSchema),
});

/** What the turn reads of a model call's result. */
export type ModelReply = Static<typeof ModelReplySchema>;

const reply = /* @__PURE__ */ parser(ModelReplySchema, { subject: 'model.invoke result', code: 'OUTPUT_INVALID', name: 'result' });

/** Reads the result `model.invoke` resolved to once into a checked copy; `OUTPUT_INVALID` naming the field. */
export function parseModelReply(value: unknown): ModelReply {
  return reply.parse(value);
}
