import { excerpt } from '../shared/excerpt.js';
import { isRecord } from '../shared/is-record.js';

/** The message and type a JSON error body names (OpenAI, Anthropic and most compatible servers). */
export interface ErrorBodyDescription {
  readonly message?: string;
  readonly type?: string;
}

/**
 * Reads `{ error: { message, type | code } }` (OpenAI style), `{ type: 'error', error: { type,
 * message } }` (Anthropic) or `{ error: '…' }` / `{ message: '…' }` (other servers) from an error
 * body or event data, each as a bounded excerpt with `secrets` redacted (a server may put the key
 * it refused into either); returns `{}` when the text is not such JSON.
 */
export function describeErrorBody(text: string, secrets: readonly string[]): ErrorBodyDescription {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const error = value.error;
  if (typeof error === 'string') return { message: excerpt(error, secrets) };
  const source = isRecord(error) ? error : value;
  const message = typeof source.message === 'string' ? excerpt(source.message, secrets) : undefined;
  const typeField = typeof source.type === 'string' && source.type !== 'error' ? source.type : undefined;
  const type = typeField ?? (typeof source.code === 'string' ? source.code : undefined);
  return { ...(message === undefined ? {} : { message }), ...(type === undefined ? {} : { type: excerpt(type, secrets) }) };
}
