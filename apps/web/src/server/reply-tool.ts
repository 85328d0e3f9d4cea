import type { ToolSpec } from '@jangts/agent-types';
import Type, { type Static } from 'typebox';

/** The arguments of the `reply` tool: the App's reply protocol, as a TypeBox schema. */
export const ReplyArguments = Type.Object(
  {
    kind: Type.Union([Type.Literal('reply'), Type.Literal('handoff')], {
      description: '"reply" when the facts answer the customer; "handoff" when a person must decide',
    }),
    answer: Type.String({ description: 'The direct answer, one sentence' }),
    bubbles: Type.Array(Type.String(), { maxItems: 3, description: 'Details, up to three short chat bubbles' }),
    internalNote: Type.String({ description: 'A note for the support team; never shown to the customer' }),
  },
  { additionalProperties: false },
);

/** Validated `reply` arguments. */
export type ReplyArguments = Static<typeof ReplyArguments>;

/** The one tool of the reply stage: the model *proposes* a reply, the App decides whether it is sent. */
export const REPLY_TOOL: ToolSpec<typeof ReplyArguments> = {
  id: 'reply',
  description: 'Propose the reply to the customer (the App decides whether it is sent).',
  parameters: ReplyArguments,
};
