import * as Type from '@jangts/agent-types/internal/type';
import { literalUnion, live } from '@jangts/agent-types/internal';
import type { AiSdkLanguageModel } from './ai-sdk-language-model.js';

/**
 * Schema of `AiSdkLanguageModel` as `fromAiSdkModel` reads it: a live object (a class instance
 * of an AI SDK provider) of specification v3 or v4, whose `specificationVersion`, `provider`,
 * `modelId` and `doStream` are read once; nothing else of it is touched.
 */
export const AiSdkLanguageModelSchema = live<AiSdkLanguageModel>(
  'an AI SDK language model (specification v3 or v4)',
  Type.Object({
    specificationVersion: literalUnion(['v3', 'v4']),
    provider: Type.String(),
    modelId: Type.String(),
    doStream: Type.Function([Type.Unknown()], Type.Unknown()),
  }),
);
