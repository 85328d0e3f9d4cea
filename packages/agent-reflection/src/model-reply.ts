import { parser, reference } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';
import type { Static } from 'typebox';

/**
 * What the reflection reads of a model result: its text and its tool proposals. The arguments of
 * a proposal are kept as they are, not checked again: the `ModelRunner` validated them against
 * the tool's schema.
 */
const ModelReplySchema = Type.Object({
  text: Type.Optional(Type.String()),
  proposals: Type.Array(Type.Object({ callId: Type.String(), toolId: Type.String(), args: reference<unknown>('tool arguments', () => true) })),
});

/** The text (`''` when absent) and the tool proposals of one model call. */
export type ModelReply = Required<Static<typeof ModelReplySchema>>;

const reply = /* @__PURE__ */ parser(ModelReplySchema, { subject: 'reflection: the model result', code: 'OUTPUT_INVALID', name: 'result' });

/**
 * Reads the `text` and `proposals` of what `model.invoke` resolved to, once. A `ModelRunner`
 * always returns them; a model object that is not one must too, else `OUTPUT_INVALID`.
 */
export function parseModelReply(result: unknown): ModelReply {
  const { text = '', proposals } = reply.parse(result);
  return { text, proposals };
}
