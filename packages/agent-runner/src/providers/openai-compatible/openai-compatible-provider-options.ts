import * as Type from '@jangts/agent-types/internal/type';
import { HttpProviderOptionsSchema, HttpUrlSchema } from '../http/http-provider-options-schema.js';

/** Schema of {@link OpenAICompatibleProviderOptions}: the door of `createOpenAICompatibleProvider`. */
export const OpenAICompatibleProviderOptionsSchema = Type.Object(
  { baseURL: HttpUrlSchema, ...HttpProviderOptionsSchema.properties },
  { additionalProperties: false },
);

/** Options of `createOpenAICompatibleProvider`. */
export interface OpenAICompatibleProviderOptions {
  /**
   * Base URL of the API, up to and without `/chat/completions`: `https://api.openai.com/v1`,
   * `http://localhost:11434/v1` (Ollama), `http://localhost:8000/v1` (vLLM), … An absolute
   * http(s) URL without a `#fragment`; a query (`?api-version=…`) stays after the endpoint path.
   */
  readonly baseURL: string;
  /** Model id sent as `model`; not blank. */
  readonly model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given; never appears in errors. A character no header value can hold (NUL, CR, LF, above U+00FF) is `CONFIG_INVALID` naming `apiKey`. */
  readonly apiKey?: string | undefined;
  /** Extra request headers (a plain object of strings); they override the defaults of the same name. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Extra fields merged into every request body (`temperature`, `max_tokens`, `tool_choice`,
   * `stream_options`, …); they override the defaults, except `messages`, `tools` and `stream`.
   * A field set to `undefined` removes it: `{ stream_options: undefined }` for a server that
   * rejects `stream_options`.
   * Every other field must be JSON as it is (no functions, `BigInt`, non-finite numbers, cycles,
   * class instances, nested `undefined`): checked and copied when the provider is created,
   * `CONFIG_INVALID` naming the field's path otherwise.
   */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** The `fetch` to use; defaults to the global one. */
  readonly fetch?: typeof globalThis.fetch | undefined;
}
