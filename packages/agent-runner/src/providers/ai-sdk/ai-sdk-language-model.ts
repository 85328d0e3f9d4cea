import type { LanguageModelV3, LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';

/**
 * A Vercel AI SDK language model: any implementation of the `@ai-sdk/provider` language-model
 * specification, version 4 (current) or 3.
 */
export type AiSdkLanguageModel = LanguageModelV4 | LanguageModelV3;

/**
 * Call settings passed through to every `doStream` call (`maxOutputTokens`, `temperature`,
 * `providerOptions`, `headers`, …). The prompt, tools and abort signal come from the runner.
 * Every setting also accepts an explicit `undefined` (the AI SDK's "not set"), so settings built
 * from possibly-undefined values type-check under `exactOptionalPropertyTypes`.
 */
export type AiSdkCallSettings = {
  [K in Exclude<keyof LanguageModelV4CallOptions, 'prompt' | 'tools' | 'abortSignal' | 'includeRawChunks'>]?: LanguageModelV4CallOptions[K] | undefined;
};
