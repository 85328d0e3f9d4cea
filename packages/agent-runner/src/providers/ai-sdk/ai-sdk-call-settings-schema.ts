import * as Type from '@jangts/agent-types/internal/type';
import { literalUnion } from '@jangts/agent-types/internal';
import { dictionarySchema } from '../shared/dictionary-schema.js';

const OptionalNumber = Type.Optional(Type.Number());

/**
 * Schema of `AiSdkCallSettings`: the call settings of specifications v3 and v4 (`reasoning`: v4
 * only), numbers as the specifications describe them. The list is closed: a setting a later
 * `@ai-sdk/provider` release adds is refused until a runner release knows it (a misspelt one
 * silently ignored would be the worse failure). Any setting may be `undefined` (not set).
 */
export const AiSdkCallSettingsSchema = Type.Object(
  {
    maxOutputTokens: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    temperature: OptionalNumber,
    stopSequences: Type.Optional(Type.Array(Type.String())),
    topP: OptionalNumber,
    topK: OptionalNumber,
    presencePenalty: OptionalNumber,
    frequencyPenalty: OptionalNumber,
    responseFormat: Type.Optional(
      Type.Union([
        Type.Object({ type: Type.Literal('text') }, { additionalProperties: false }),
        Type.Object(
          { type: Type.Literal('json'), schema: Type.Optional(Type.Unknown()), name: Type.Optional(Type.String()), description: Type.Optional(Type.String()) },
          { additionalProperties: false },
        ),
      ]),
    ),
    seed: Type.Optional(Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })),
    toolChoice: Type.Optional(
      Type.Union([
        Type.Object({ type: literalUnion(['auto', 'none', 'required']) }, { additionalProperties: false }),
        Type.Object({ type: Type.Literal('tool'), toolName: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
      ]),
    ),
    headers: Type.Optional(dictionarySchema(Type.Union([Type.String(), Type.Undefined()]))),
    reasoning: Type.Optional(literalUnion(['provider-default', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'])),
    providerOptions: Type.Optional(dictionarySchema(dictionarySchema(Type.Union([Type.Undefined(), Type.Unknown()])))),
  },
  { additionalProperties: false },
);
