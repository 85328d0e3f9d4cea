import type { ToolSpec } from '@jangts/agent-core/types';
import * as Type from 'typebox';
import type { Static } from 'typebox';

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

/**
 * The turn's final tool: its proposal ends the turn and goes to the App, which decides what is
 * sent. It is never executed; its arguments stream into the live preview.
 */
export const REPLY_TOOL: ToolSpec<typeof ReplyArguments> = {
  id: 'reply',
  description: 'End the turn with the reply to the customer (the App decides whether it is sent).',
  parameters: ReplyArguments,
};
