import { AgentCoreError, type JsonObject, type JsonValue } from '@jangts/agent-types';
import { truncateText } from '@jangts/agent-types/internal';
import { redactedProviderError } from '../../errors.js';

// The credentials a provider knows, and their removal from everything it writes about a failure:
// the error's message, details, stack and cause chain (and so the log records made of them).

const CREDENTIAL_NAME = /auth|key|token|secret|cookie|sess|passw|credential|signature|jwt|csrf|xsrf|(?:^|[^a-z])(?:sig|sid|pwd)(?:[^a-z]|$)/i;

/** The shortest value taken from inside a header value or the URL that is redacted on its own. */
const MIN_PART_CHARS = 4;
/** A value taken from inside a header value that is an ordinary word or number, not a secret (`authenticated=true`). */
const PLAIN_WORD = /^(?:true|false|null|undefined|yes|no|on|off|[+-]?\d+(?:\.\d+)?)$/i;

/** A `name=value` pair of a cookie list or a parameter list: a token name (no spaces), then `=`. */
const PAIR = /^([!#$%&'*+.^_`|~0-9a-z-]+)[ \t]*=[ \t]*(.*)$/i;

/** What replaces a secret in any text the providers report. */
export const REDACTED = '[redacted]';

/**
 * The strings that must never appear in an error or log: the API key; the value of every
 * credential-looking header (`authorization`, `x-api-key`, `api-key`, `*token*`, …), both whole
 * and without its scheme (`Bearer …`), and, when it is a list of `name=value` pairs (a cookie
 * list `session=…; theme=dark`, or pairs split by `,` or `&`), the bare value of every
 * credential-looking name (`session`, `token`, `sid`, `PHPSESSID`, …), as written, unquoted and
 * decoded, other values (`theme`) left out; and the credentials an endpoint URL may carry — its
 * password (`https://user:password@host`) and the value of every credential-looking query
 * parameter (`?key=…`, `?subscription-key=…`, `?sig=…`), as written and decoded; the user info
 * (`user:password`) whole, and the user name too (a token is often passed as one).
 *
 * A value taken from inside a header value or the URL is redacted on its own from 4 characters
 * on, and when it is no plain word or number: redacting the `1` of `token=1` everywhere would
 * take every `1` out of an error (`HTTP 40[redacted]`). A shorter or plain value is redacted with
 * what names it instead, as written: `token=1`, `sig=ab`, `authenticated=true`, or `//ab@` for a
 * short user name; the bare value alone (`1`) is not.
 *
 * `headers` are `[name, value]` pairs (a `Headers` object, or `Object.entries` of plain headers).
 */
export function collectSecrets(apiKey: string | undefined, headers: Iterable<readonly [string, string]>, url?: string): readonly string[] {
  const secrets = new Set<string>();
  const add = (value: string) => {
    if (value !== '') secrets.add(value);
  };
  const addPart = (value: string, named: string) => {
    if (value.length >= MIN_PART_CHARS && !PLAIN_WORD.test(value)) secrets.add(value);
    else if (value !== '') add(named);
  };
  if (apiKey !== undefined) add(apiKey);
  for (const [name, value] of headers) {
    if (!CREDENTIAL_NAME.test(name)) continue;
    add(value);
    const credential = /^\S+\s+(\S.*)$/.exec(value)?.[1];
    if (credential !== undefined) add(credential);
    for (const { pair, pairValue } of credentialPairs(value)) {
      addPart(pairValue, pair);
      if (pairValue.length >= 2 && pairValue.startsWith('"') && pairValue.endsWith('"')) addPart(pairValue.slice(1, -1), pair);
      addPart(safeDecode(pairValue.replace(/^"(.*)"$/, '$1')), pair);
    }
  }
  if (url !== undefined) collectUrlSecrets(new URL(url), add, addPart);
  return [...secrets];
}

function collectUrlSecrets(endpoint: URL, add: (value: string) => void, addPart: (value: string, named: string) => void): void {
  // The user info as a whole (`bob:pw1`), and each part long enough: a token is often the user name.
  if (endpoint.password !== '') {
    add(`${endpoint.username}:${endpoint.password}`);
    add(`${safeDecode(endpoint.username)}:${safeDecode(endpoint.password)}`);
  }
  // A short user name without a password is named by the `//` before it and the `@` after it.
  const userName = `//${endpoint.username}@`;
  addPart(endpoint.username, endpoint.password === '' ? userName : '');
  addPart(safeDecode(endpoint.username), endpoint.password === '' ? userName : '');
  addPart(endpoint.password, '');
  addPart(safeDecode(endpoint.password), '');
  for (const piece of endpoint.search.slice(1).split('&')) {
    const equals = piece.indexOf('=');
    if (equals < 0 || !CREDENTIAL_NAME.test(safeDecode(piece.slice(0, equals)))) continue;
    const value = piece.slice(equals + 1);
    addPart(value, piece);
    addPart(safeDecode(value.replace(/\+/g, ' ')), piece);
  }
}

/**
 * The credential-looking `name=value` pairs of a header value made of pairs split by `;`, `,` or
 * `&`, each as written and its value. A piece whose name is not a bare token (`Bearer abc==`,
 * where the `=` is padding) is not a pair, and a value of only `=` signs is padding, not a value.
 */
function credentialPairs(value: string): { readonly pair: string; readonly pairValue: string }[] {
  const pairs: { pair: string; pairValue: string }[] = [];
  for (const piece of value.split(/[;,&]/)) {
    const pair = piece.trim();
    const match = PAIR.exec(pair);
    if (match === null) continue;
    const [, name = '', pairValue = ''] = match;
    if (!CREDENTIAL_NAME.test(name) || /^=*$/.test(pairValue)) continue;
    pairs.push({ pair, pairValue });
  }
  return pairs;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Replaces every occurrence of each secret (API key, credential header value) in `text` with
 * `[redacted]`, in every spelling a server may echo it in: as is, JSON-escaped (`\"`, `\\`, `\/`,
 * any character as `\uXXXX` in either case), URL-encoded (`%XX` in either case, UTF-8) and
 * form-encoded (`+` for a space), or a mix of JSON and URL escapes. Overlapping and adjacent
 * occurrences become one `[redacted]`; the output holds no secret outside the markers.
 *
 * Linear in `text` for each secret: the text is decoded into at most four spellings (as is,
 * JSON-decoded, URL-decoded, both), each searched with a plain string search (Knuth–Morris–Pratt,
 * no regular expression), whatever the secret holds.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const unique = [...new Set(secrets)].filter((secret) => secret !== '');
  if (unique.length === 0 || text === '') return text;
  // A running-sum marking of the covered characters: +1 where a run of secrets starts, -1 where it ends.
  let cover: Int32Array | undefined;
  const mark = (start: number, end: number): void => {
    cover ??= new Int32Array(text.length + 1);
    cover[start] = (cover[start] ?? 0) + 1;
    cover[end] = (cover[end] ?? 0) - 1;
  };
  for (const spelling of spellingsOf(text)) {
    for (const secret of unique) {
      let runStart = -1;
      let runEnd = -1;
      forEachOccurrence(spelling.text, secret, (at) => {
        const start = spelling.start(at);
        const end = spelling.end(at + secret.length);
        if (start <= runEnd) {
          runEnd = Math.max(runEnd, end);
          return;
        }
        if (runEnd >= 0) mark(runStart, runEnd);
        runStart = start;
        runEnd = end;
      });
      if (runEnd >= 0) mark(runStart, runEnd);
    }
  }
  return cover === undefined ? text : replaceCovered(text, cover);
}

/** `text` with each run of covered characters (a positive running sum of `cover`) replaced by one {@link REDACTED}. */
function replaceCovered(text: string, cover: Int32Array): string {
  let result = '';
  let depth = 0;
  let keptFrom = 0;
  for (let index = 0; index <= text.length; index += 1) {
    const before = depth;
    depth += cover[index] ?? 0;
    if (before === 0 && depth > 0) {
      result += `${text.slice(keptFrom, index)}${REDACTED}`;
    } else if (before > 0 && depth === 0) {
      keptFrom = index;
    }
  }
  return depth > 0 ? result : result + text.slice(keptFrom);
}

/** Calls `found` with the start of every occurrence of `pattern` in `text`, overlapping ones included, in order. */
function forEachOccurrence(text: string, pattern: string, found: (at: number) => void): void {
  const first = text.indexOf(pattern);
  if (first < 0) return;
  // Knuth–Morris–Pratt from the first occurrence on: every later one in one pass over the text.
  const fallback = new Int32Array(pattern.length);
  for (let index = 1, matched = 0; index < pattern.length; index += 1) {
    while (matched > 0 && pattern.charCodeAt(index) !== pattern.charCodeAt(matched)) matched = fallback[matched - 1] ?? 0;
    if (pattern.charCodeAt(index) === pattern.charCodeAt(matched)) matched += 1;
    fallback[index] = matched;
  }
  let matched = 0;
  for (let index = first; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    while (matched > 0 && code !== pattern.charCodeAt(matched)) matched = fallback[matched - 1] ?? 0;
    if (code === pattern.charCodeAt(matched)) matched += 1;
    if (matched === pattern.length) {
      found(index - pattern.length + 1);
      matched = fallback[matched - 1] ?? 0;
    }
  }
}

/** One way of reading a text: the decoded text, and where each of its code units came from in the original. */
interface Spelling {
  readonly text: string;
  /** The original index of the code unit at `index`. */
  start(index: number): number;
  /** The original index just after the code units before `index` (the end of a match ending there). */
  end(index: number): number;
}

const AS_IS = (index: number): number => index;

/** `text` as is, JSON-decoded, URL-decoded, and both, leaving out a decoding that changes nothing. */
function spellingsOf(text: string): Spelling[] {
  const spellings: Spelling[] = [{ text, start: AS_IS, end: AS_IS }];
  const json = text.includes('\\');
  const url = text.includes('%') || text.includes('+');
  for (const [decodeJson, decodeUrl] of [[json, false], [false, url], [json && url, json && url]] as const) {
    if (!decodeJson && !decodeUrl) continue;
    const spelling = decodeSpelling(text, decodeJson, decodeUrl);
    if (spelling !== undefined) spellings.push(spelling);
  }
  return spellings;
}

/** A decoded escape: its text and the index after it. */
interface Escape {
  readonly value: string;
  readonly end: number;
}

/** `text` with its JSON escapes, its URL escapes (`%XX`, `+`), or both decoded; `undefined` when it has none. */
function decodeSpelling(text: string, json: boolean, url: boolean): Spelling | undefined {
  const pieces: string[] = [];
  const starts = new Int32Array(text.length + 1);
  let length = 0;
  let keptFrom = 0;
  const keep = (end: number): void => {
    if (end === keptFrom) return;
    pieces.push(text.slice(keptFrom, end));
    for (let index = keptFrom; index < end; index += 1) starts[length++] = index;
  };
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    const escape =
      json && code === 0x5c ? jsonEscape(text, index)
      : url && code === 0x25 ? percentEscape(text, index)
      : url && code === 0x2b ? { value: ' ', end: index + 1 }
      : undefined;
    if (escape === undefined) {
      index += 1;
      continue;
    }
    keep(index);
    pieces.push(escape.value);
    for (let unit = 0; unit < escape.value.length; unit += 1) starts[length++] = index;
    index = escape.end;
    keptFrom = index;
  }
  if (pieces.length === 0) return undefined;
  keep(text.length);
  starts[length] = text.length;
  return {
    text: pieces.join(''),
    start: (index) => starts[index] ?? text.length,
    end: (index) => {
      // A match ending inside the code units of one escape (half a surrogate pair) takes the escape whole.
      let next = index;
      while (next > 0 && next < length && starts[next] === starts[next - 1]) next += 1;
      return starts[next] ?? text.length;
    },
  };
}

const JSON_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function jsonEscape(text: string, at: number): Escape | undefined {
  const next = text.charAt(at + 1);
  const simple = JSON_ESCAPES[next];
  if (simple !== undefined) return { value: simple, end: at + 2 };
  if (next !== 'u') return undefined;
  const unit = hexValue(text, at + 2, 4);
  return unit === undefined ? undefined : { value: String.fromCharCode(unit), end: at + 6 };
}

/** One character written as the `%XX` escapes of its UTF-8 bytes (in either case); `undefined` when they are not valid UTF-8. */
function percentEscape(text: string, at: number): Escape | undefined {
  const lead = percentByte(text, at);
  if (lead === undefined) return undefined;
  if (lead < 0x80) return { value: String.fromCharCode(lead), end: at + 3 };
  const count = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
  if (count === 0) return undefined;
  let point = lead & (0x3f >> count);
  for (let index = 1; index <= count; index += 1) {
    const byte = percentByte(text, at + 3 * index);
    if (byte === undefined || (byte & 0xc0) !== 0x80) return undefined;
    point = (point << 6) | (byte & 0x3f);
  }
  const minimum = count === 1 ? 0x80 : count === 2 ? 0x800 : 0x10000;
  if (point < minimum || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return undefined;
  return { value: String.fromCodePoint(point), end: at + 3 * (count + 1) };
}

function percentByte(text: string, at: number): number | undefined {
  return text.charCodeAt(at) === 0x25 ? hexValue(text, at + 1, 2) : undefined;
}

function hexValue(text: string, at: number, digits: number): number | undefined {
  if (at + digits > text.length) return undefined;
  let value = 0;
  for (let index = at; index < at + digits; index += 1) {
    const digit = parseInt(text.charAt(index), 16);
    if (Number.isNaN(digit)) return undefined;
    value = value * 16 + digit;
  }
  return value;
}

/** How deep a cause chain is followed, and how many values of a cause are looked at, before it is copied instead of kept. */
const MAX_CAUSE_DEPTH = 8;
const MAX_CAUSE_VALUES = 1000;
/** Longest message a copied cause keeps. */
const MAX_COPIED_MESSAGE_CHARS = 1000;

/**
 * `error` as a provider may report it, with no secret anywhere it can be read: an
 * `AgentCoreError`'s message, details (every string, however nested), stack and cause. A cause
 * is kept as it is when nothing in it can carry a secret (see {@link redactCause}); otherwise
 * it is replaced by a redacted copy. An error without a secret in it is returned itself; an
 * `ABORTED` error is too (its cause is the caller's own abort reason). Never throws.
 */
export function redactFailure(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return error;
  if (!AgentCoreError.isInstance(error)) return redactCause(error, secrets);
  if (error.code === 'ABORTED') return error;
  const message = redactSecrets(error.message, secrets);
  const details = redactJson(error.details, secrets) as JsonObject;
  const cause = redactCause(error.cause, secrets);
  const stack = typeof error.stack === 'string' ? redactSecrets(error.stack, secrets) : undefined;
  if (message === error.message && details === error.details && cause === error.cause && stack === error.stack) return error;
  return redactedProviderError(error, message, details, cause, stack);
}

/**
 * Runs `chunks`, passing every failure through {@link redactFailure}: the one door by which a
 * provider's errors leave it, so that no field written on the way can carry a secret.
 */
export async function* redactingFailures<TChunk>(
  chunks: AsyncGenerator<TChunk, void, undefined>,
  secrets: readonly string[],
): AsyncGenerator<TChunk, void, undefined> {
  try {
    yield* chunks;
  } catch (error) {
    throw redactFailure(error, secrets);
  }
}

/** `value` with `secrets` redacted from every string in it; `value` itself when none was there. */
function redactJson(value: JsonValue, secrets: readonly string[]): JsonValue {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) {
    const list = value as readonly JsonValue[];
    const items = list.map((item) => redactJson(item, secrets));
    return items.some((item, index) => item !== list[index]) ? items : list;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as JsonObject;
  const entries = Object.entries(record).map(([key, item]) => [key, redactJson(item, secrets)] as const);
  return entries.some(([key, item]) => item !== record[key]) ? Object.fromEntries(entries) : value;
}

/**
 * A cause as a provider error may keep it: a string redacted; a plain object, array or error
 * (of any `Error` class without accessors of its own) kept as it is when none of its own
 * properties, followed down to {@link MAX_CAUSE_DEPTH} levels and {@link MAX_CAUSE_VALUES}
 * values, holds a secret in any spelling; anything else (a secret found, an accessor, a `Map`,
 * `Headers` or other object whose contents are not all own properties, a proxy that throws, a
 * value too large to look through) replaced by {@link secretFreeCopy}.
 */
function redactCause(cause: unknown, secrets: readonly string[]): unknown {
  if (typeof cause === 'string') return redactSecrets(cause, secrets);
  if ((typeof cause !== 'object' || cause === null) && typeof cause !== 'function') return cause;
  return mayCarrySecret(cause, secrets) ? secretFreeCopy(cause, secrets, 0) : cause;
}

function mayCarrySecret(root: object, secrets: readonly string[]): boolean {
  const carries = (text: string) => redactSecrets(text, secrets) !== text;
  const seen = new Set<object>();
  const pending: { readonly value: object; readonly depth: number }[] = [{ value: root, depth: 0 }];
  let budget = MAX_CAUSE_VALUES;
  try {
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const { value, depth } = next;
      if (seen.has(value)) continue;
      seen.add(value);
      if (depth > MAX_CAUSE_DEPTH || !isTransparent(value)) return true;
      if (Array.isArray(value) && value.length > budget) return true;
      const keys = Reflect.ownKeys(value);
      budget -= keys.length + 1;
      if (budget < 0) return true;
      for (const key of keys) {
        if (typeof key === 'string' && carries(key)) return true;
        const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
        if (descriptor === undefined) continue;
        // An accessor may answer anything when read: what it holds is not known without calling it.
        if (!('value' in descriptor)) return true;
        const item: unknown = descriptor.value;
        if (typeof item === 'string') {
          if (carries(item)) return true;
        } else if ((typeof item === 'object' && item !== null) || typeof item === 'function') {
          pending.push({ value: item, depth: depth + 1 });
        }
      }
    }
  } catch {
    return true;
  }
  return false;
}

const PLAIN_PROTOTYPES: ReadonlySet<unknown> = new Set([null, Object.prototype, Array.prototype]);

/** Whether everything `value` holds is in its own properties: a plain object, an array, or an error whose classes add no accessor. */
function isTransparent(value: object): boolean {
  let prototype = Reflect.getPrototypeOf(value);
  if (PLAIN_PROTOTYPES.has(prototype)) return true;
  for (let depth = 0; depth < 16 && prototype !== null; depth += 1) {
    if (prototype === Error.prototype) return true;
    // The classes between the error and `Error` (TypeError, an App's own error class) may add methods, not accessors.
    for (const key of Reflect.ownKeys(prototype)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(prototype, key);
      if (descriptor !== undefined && !('value' in descriptor)) return false;
    }
    prototype = Reflect.getPrototypeOf(prototype);
  }
  return false;
}

/**
 * A plain `Error` standing for `value`, with every secret redacted: its `name`, `message`
 * (a non-error's JSON form), `stack`, its own enumerable string, number and boolean fields
 * (`code`, `errno`, `syscall`, `url`, …) and its `cause`, copied likewise down to
 * {@link MAX_CAUSE_DEPTH} levels. Reads each field once; one that throws is left out.
 */
function secretFreeCopy(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (typeof value !== 'object' || value === null) return typeof value === 'function' ? undefined : value;
  const read = (key: string): unknown => {
    try {
      return (value as Record<string, unknown>)[key];
    } catch {
      return undefined;
    }
  };
  const message = read('message');
  const text = typeof message === 'string' ? message : jsonText(value) ?? 'a value that is not an error';
  const copy = new Error(truncateText(redactSecrets(text, secrets), MAX_COPIED_MESSAGE_CHARS)) as Error & Record<string, unknown>;
  const name = read('name');
  if (typeof name === 'string') copy.name = redactSecrets(name, secrets);
  let keys: string[] = [];
  try {
    keys = Object.keys(value).slice(0, 50);
  } catch {
    // A proxy that refuses to list its keys: name, message and stack are all there is.
  }
  for (const key of keys) {
    if (key === 'name' || key === 'message' || key === 'stack' || key === 'cause') continue;
    const field = read(key);
    if (typeof field === 'string') copy[key] = redactSecrets(field, secrets);
    else if (typeof field === 'number' || typeof field === 'boolean') copy[key] = field;
  }
  const stack = read('stack');
  copy.stack = typeof stack === 'string' ? redactSecrets(stack, secrets) : `${copy.name}: ${copy.message}`;
  const cause = read('cause');
  if (cause !== undefined && depth < MAX_CAUSE_DEPTH) copy.cause = secretFreeCopy(cause, secrets, depth + 1);
  return copy;
}

function jsonText(value: object): string | undefined {
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}
