import { AgentCoreError, type JsonObject } from '@jangts/agent-types';
import { detailValue, findNonJson } from '@jangts/agent-types/internal';
import { fieldPath } from '../../field-path.js';
import { isPlainObject } from '../../is-plain-object.js';
import { readingGuarded } from '../../reading-guarded.js';
import { isRecord } from './is-record.js';

function invalid(factory: string, field: string, expected: string, extra: JsonObject = {}): AgentCoreError {
  return new AgentCoreError('CONFIG_INVALID', `${factory}: \`${field}\` must be ${expected}`, {
    details: { field, expected, ...extra },
  });
}

/**
 * Checks that a factory's options argument is a plain object with only the `known` options: an
 * unknown one is most likely a misspelt one (`apikey`), which would silently not apply.
 */
export function checkOptionsObject(factory: string, value: unknown, known: readonly string[]): Record<string, unknown> {
  if (!isRecord(value)) throw invalid(factory, 'options', 'an object');
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw invalid(factory, key.slice(0, 60), `one of the options (${known.join(', ')}); it is not one`);
  }
  return value;
}

/** A required non-empty string option; `CONFIG_INVALID` naming the field otherwise. */
export function requireString(factory: string, options: Record<string, unknown>, field: string): string {
  const value = options[field];
  if (typeof value !== 'string' || value.trim() === '') throw invalid(factory, field, 'a non-empty string');
  return value;
}

/** An optional string option (never echoed in errors: it may be a secret). */
export function optionalString(factory: string, options: Record<string, unknown>, field: string): string | undefined {
  const value = options[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(factory, field, 'a string');
  return value;
}

/**
 * An optional string option sent as (part of) a header value, such as the API key: a character
 * no header value can hold (NUL, CR, LF, or any above U+00FF) is `CONFIG_INVALID` naming the
 * option before any header is built, so the error names `apiKey`, not the header it would go
 * into. Never echoed: it may be a secret.
 */
export function optionalHeaderValue(factory: string, options: Record<string, unknown>, field: string): string | undefined {
  const value = optionalString(factory, options, field);
  if (value !== undefined && !fitsHeaderValue(value)) {
    throw invalid(factory, field, 'a string a header value can hold (no NUL, line breaks or characters above U+00FF)');
  }
  return value;
}

function fitsHeaderValue(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0 || code === 0x0a || code === 0x0d || code > 0xff) return false;
  }
  return true;
}

/** A required absolute `http:` or `https:` URL option, returned without trailing slashes. */
export function requireHttpUrl(factory: string, options: Record<string, unknown>, field: string): string {
  const value = requireString(factory, options, field);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(factory, field, 'an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(factory, field, 'an absolute http(s) URL');
  // A fragment is never sent: a path appended after it would be lost.
  if (url.hash !== '' || value.includes('#')) throw invalid(factory, field, 'an absolute http(s) URL without a #fragment');
  return value.replace(/\/+$/, '');
}

/**
 * The endpoint `path` (`/chat/completions`) under a base URL checked by {@link requireHttpUrl}:
 * appended to its path, before its query, which is kept (`?api-version=…` of Azure OpenAI).
 */
export function endpointUrl(baseURL: string, path: string): string {
  const url = new URL(baseURL);
  if (url.search === '') return `${baseURL.replace(/\/+$/, '')}${path}`;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url.toString();
}

/** A required positive safe integer option. */
export function requirePositiveInteger(factory: string, options: Record<string, unknown>, field: string): number {
  const value = options[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw invalid(factory, field, 'a positive safe integer', { minimum: 1, limit: Number.MAX_SAFE_INTEGER, actual: detailValue(value) });
  }
  return value;
}

/**
 * An optional plain-object option of JSON fields (a body to merge into every request), checked
 * and copied once, here: a field that `JSON.stringify` would drop or change (a function,
 * `undefined` below the top level or in a list, a `BigInt`, a non-finite number, a cycle, a class
 * instance such as `Date`, nesting past 1,000 levels) is `CONFIG_INVALID`
 * naming its path (`body.metadata.user_id`), never its value. A top-level field set to
 * `undefined` is kept as `undefined` (it removes a default). Later changes to the App's object do
 * not apply.
 */
export function optionalJsonObject(
  factory: string,
  options: Record<string, unknown>,
  field: string,
): Record<string, unknown> | undefined {
  const value = options[field];
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw invalid(factory, field, 'a plain object');
  const copy: Record<string, unknown> = {};
  for (const key of readingGuarded('CONFIG_INVALID', field, () => Object.keys(value))) {
    const path = `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const item = readingGuarded('CONFIG_INVALID', fieldPath(field, path), () => value[key]);
    let kept: unknown;
    if (item !== undefined) {
      const nonJson = findNonJson(item);
      if (nonJson !== undefined) {
        throw invalid(factory, fieldPath(field, `${path}${nonJson}`), 'JSON (no functions, undefined, BigInt, non-finite numbers, cycles or class instances)');
      }
      kept = JSON.parse(JSON.stringify(item)) as unknown;
    }
    // A data property even for `__proto__`, as a spread would make.
    Object.defineProperty(copy, key, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * An optional plain-object record of header names to string values (header values are never
 * echoed). A `Headers` or `Map` is refused rather than read as an object without headers.
 */
export function optionalHeaders(
  factory: string,
  options: Record<string, unknown>,
  field: string,
): Readonly<Record<string, string>> | undefined {
  const value = options[field];
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw invalid(factory, field, 'a plain object of header names to string values (not a Headers or Map)');
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(value)) {
    if (typeof header !== 'string') throw invalid(factory, `${field}.${name}`, 'a string');
    headers[name] = header;
  }
  return headers;
}

/** An optional `fetch` option (the App's own implementation). */
export function optionalFetch(
  factory: string,
  options: Record<string, unknown>,
  field: string,
): typeof globalThis.fetch | undefined {
  const value = options[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw invalid(factory, field, 'a function');
  return value as typeof globalThis.fetch;
}
