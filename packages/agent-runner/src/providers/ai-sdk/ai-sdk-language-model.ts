import type { LanguageModelV3, LanguageModelV3CallOptions } from '@ai-sdk/provider';

/*
 * The public types name only what both supported majors of `@ai-sdk/provider` export (3.x has
 * the v3 specification, 4.x both v3 and v4), so that they compile against either.
 */

/**
 * A language model of the AI SDK's specification v4, as far as the adapter relies on it: the
 * `@ai-sdk/provider` 4.x `LanguageModelV4` is one. Written out rather than imported, so that
 * these types also compile against `@ai-sdk/provider` 3.x.
 */
export interface AiSdkLanguageModelV4 {
  readonly specificationVersion: 'v4';
  readonly provider: string;
  readonly modelId: string;
  /** Takes the v4 call options; typed `never` here so any v4 model's own signature fits. */
  doStream(options: never): PromiseLike<{ readonly stream: ReadableStream<unknown> }>;
}

/**
 * A Vercel AI SDK language model: any implementation of the `@ai-sdk/provider` language-model
 * specification, version 4 (current) or 3.
 */
export type AiSdkLanguageModel = AiSdkLanguageModelV4 | LanguageModelV3;

/**
 * Call settings passed through to every `doStream` call (`maxOutputTokens`, `temperature`,
 * `providerOptions`, `headers`, …), and `reasoning` (v4 models only). The prompt, tools and
 * abort signal come from the runner. Every setting also accepts an explicit `undefined` (the AI
 * SDK's "not set"), so settings built from possibly-undefined values type-check under
 * `exactOptionalPropertyTypes`.
 */
export type AiSdkCallSettings = {
  [K in Exclude<keyof LanguageModelV3CallOptions, 'prompt' | 'tools' | 'abortSignal' | 'includeRawChunks'>]?: LanguageModelV3CallOptions[K] | undefined;
} & {
  /** The reasoning effort of a v4 model (`LanguageModelV4CallOptions.reasoning`); a v3 model ignores it. */
  reasoning?: 'provider-default' | 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max' | undefined;
};
