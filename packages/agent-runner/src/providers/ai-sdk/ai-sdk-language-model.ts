import type { LanguageModelV3, LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';

/**
 * A Vercel AI SDK language model: any implementation of the `@ai-sdk/provider` language-model
 * specification, version 4 (current) or 3.
 */
export type AiSdkLanguageModel = LanguageModelV4 | LanguageModelV3;

/**
 * Call settings passed through to every `doStream` call (`maxOutputTokens`, `temperature`,
 * `providerOptions`, `headers`, …). The prompt, tools and abort signal come from the runner.
 */
export type AiSdkCallSettings = Omit<LanguageModelV4CallOptions, 'prompt' | 'tools' | 'abortSignal' | 'includeRawChunks'>;
