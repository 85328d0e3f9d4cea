import * as Type from '@jangts/agent-types/internal/type';
import { rule } from '@jangts/agent-types/internal';
import { dictionarySchema } from '../shared/dictionary-schema.js';

/** True when `value` can be sent in a header value: no NUL, CR or LF, nothing above U+00FF. */
function fitsHeaderValue(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0 || code === 0x0a || code === 0x0d || code > 0xff) return false;
  }
  return true;
}

/**
 * An absolute `http:` or `https:` URL without a `#fragment` (a fragment is never sent, so a path
 * appended after it would be lost). Never echoed in an error: a URL may carry credentials.
 */
export const HttpUrlSchema = rule(Type.String({ minLength: 1 }), (value) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const valid = url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && !value.includes('#');
  return valid ? undefined : { rule: 'url', problem: 'must be an absolute http(s) URL without a #fragment', expected: 'an absolute http(s) URL' };
});

/**
 * The options both HTTP providers take besides their endpoint: `model`, `apiKey`, `headers`,
 * `body` and `fetch`. Spread their `properties` into a provider's own options schema. Values that
 * may be credentials (the key, header values) are never echoed in an error.
 */
export const HttpProviderOptionsSchema = Type.Object({
  model: rule(Type.String({ minLength: 1 }), (value) => (value.trim() === '' ? { rule: 'blank', problem: 'must not be blank' } : undefined)),
  apiKey: Type.Optional(
    rule(Type.String(), (value) =>
      fitsHeaderValue(value) ? undefined : { rule: 'header', problem: 'must be a string a header value can hold (no NUL, line breaks or characters above U+00FF)' },
    ),
  ),
  headers: Type.Optional(
    rule(dictionarySchema(Type.String()), (headers) => {
      for (const [name, value] of Object.entries(headers)) {
        try {
          new Headers().set(name, value);
        } catch {
          return { path: [name], rule: 'header', problem: 'is not a valid header name or value' };
        }
      }
      return undefined;
    }),
  ),
  // A field set to `undefined` is kept: it removes a default of the body.
  body: Type.Optional(dictionarySchema(Type.Union([Type.Undefined(), Type.Unknown()]))),
  // Any parameters: the door checks only that it is a function; its type is the App's `fetch`.
  fetch: Type.Optional(Type.Function([Type.Any(), Type.Any()], Type.Unknown())),
});
