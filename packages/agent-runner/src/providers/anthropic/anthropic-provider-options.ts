import * as Type from '@jangts/agent-types/internal/type';
import { HttpProviderOptionsSchema, HttpUrlSchema } from '../http/http-provider-options-schema.js';

const { model, ...shared } = HttpProviderOptionsSchema.properties;

/** Schema of {@link AnthropicProviderOptions}: the door of `createAnthropicProvider`. */
export const AnthropicProviderOptionsSchema = Type.Object(
  {
    model,
    maxTokens: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    apiKey: shared.apiKey,
    baseURL: Type.Optional(HttpUrlSchema),
    headers: shared.headers,
    body: shared.body,
    fetch: shared.fetch,
    fineGrainedToolStreaming: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Options of `createAnthropicProvider`. */
export interface AnthropicProviderOptions {
  /** Model id sent as `model`, e.g. `claude-sonnet-4-5`; not blank. */
  readonly model: string;
  /** Sent as `max_tokens` (the Messages API requires it): the most tokens one call may produce, a positive integer. */
  readonly maxTokens: number;
  /** Sent as `x-api-key` when given; never appears in errors. A character no header value can hold (NUL, CR, LF, above U+00FF) is `CONFIG_INVALID` naming `apiKey`. */
  readonly apiKey?: string | undefined;
  /** Base URL without `/v1/messages`, an absolute http(s) URL without a `#fragment`; defaults to `https://api.anthropic.com`. */
  readonly baseURL?: string | undefined;
  /** Extra request headers (`anthropic-beta`, a different `anthropic-version`, …); they override the defaults. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Extra fields merged into every request body (`temperature`, `top_p`, `thinking`,
   * `tool_choice`, `metadata`, …); they override the defaults (`model`, `max_tokens` included),
   * except `messages`, `system`, `tools` and `stream`. A field set to `undefined` removes it;
   * every other field must be JSON as it is (no functions, `BigInt`, non-finite numbers, cycles,
   * class instances, nested `undefined`): checked and copied when the provider is created,
   * `CONFIG_INVALID` naming the field's path otherwise.
   */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** The `fetch` to use; defaults to the global one. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /**
   * Fine-grained tool streaming: each tool is sent with `eager_input_streaming: true`, so the
   * Messages API streams a tool's input as it is generated, in many small pieces, instead of
   * buffering and validating each parameter first (one piece per parameter): the preview shows
   * arguments as they are written. The API does not validate such input: a call cut off by
   * `max_tokens` may end in invalid JSON, which the runner refuses (`OUTPUT_INVALID`). It is
   * generally available with no beta header; a gateway that still wants
   * `anthropic-beta: fine-grained-tool-streaming-2025-05-14` can be given it in `headers`.
   * Default `false`.
   */
  readonly fineGrainedToolStreaming?: boolean | undefined;
}
