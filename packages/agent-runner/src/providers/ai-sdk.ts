/**
 * `@jangts/agent-runner/providers/ai-sdk`: runs any Vercel AI SDK language model under
 * `ModelRunner`. `@ai-sdk/provider` is an optional peer dependency: only its types are used.
 *
 * @packageDocumentation
 */
export { fromAiSdkModel } from './ai-sdk/from-ai-sdk-model.js';
export { AiSdkCallSettingsSchema } from './ai-sdk/ai-sdk-call-settings-schema.js';
export { AiSdkLanguageModelSchema } from './ai-sdk/ai-sdk-language-model-schema.js';
export type { AiSdkCallSettings, AiSdkLanguageModel } from './ai-sdk/ai-sdk-language-model.js';
