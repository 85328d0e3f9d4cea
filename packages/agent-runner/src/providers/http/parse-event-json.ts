import { excerpt } from '../shared/excerpt.js';
import { isRecord } from '../shared/is-record.js';
import { providerFailure } from '../../provider-failure.js';

/**
 * Parses the data of one server-sent event as a JSON object. Malformed JSON, or JSON that is not
 * an object, is `PROVIDER_FAILED` (`retryable: false`) with an excerpt of the data, `secrets`
 * redacted. The parser's own error is not kept as the cause: its message quotes the data around
 * the error, cut where no redaction can find a secret (`"bad sk-live-12"...`).
 */
export function parseEventJson(provider: string, data: string, secrets: readonly string[]): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw providerFailure('malformed JSON in the event stream', {
      provider,
      retryable: false,
      bodyExcerpt: excerpt(data, secrets),
    });
  }
  if (!isRecord(value)) {
    throw providerFailure('an event of the stream is not a JSON object', {
      provider,
      retryable: false,
      bodyExcerpt: excerpt(data, secrets),
    });
  }
  return value;
}
