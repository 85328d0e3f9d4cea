const CREDENTIAL_NAME = /auth|key|token|secret|cookie|sess|passw|credential|signature|jwt|csrf|xsrf|(?:^|[^a-z])(?:sig|sid|pwd)(?:[^a-z]|$)/i;

/** The shortest value taken from inside a header value or the URL that is redacted. */
const MIN_PART_CHARS = 4;
/** A value taken from inside a header value that is an ordinary word or number, not a secret (`authenticated=true`). */
const PLAIN_WORD = /^(?:true|false|null|undefined|yes|no|on|off|[+-]?\d+(?:\.\d+)?)$/i;

/** A `name=value` pair of a cookie list or a parameter list: a token name (no spaces), then `=`. */
const PAIR = /^([!#$%&'*+.^_`|~0-9a-z-]+)[ \t]*=[ \t]*(.*)$/i;

/**
 * The strings that must never appear in an error or log: the API key; the value of every
 * credential-looking header (`authorization`, `x-api-key`, `api-key`, `*token*`, …), both whole
 * and without its scheme (`Bearer …`), and, when it is a list of `name=value` pairs (a cookie
 * list `session=…; theme=dark`, or pairs split by `,` or `&`), the bare value of every
 * credential-looking name (`session`, `token`, `sid`, `PHPSESSID`, …), as written, unquoted and
 * decoded, other values (`theme`) left out; and the credentials an endpoint URL may carry — its
 * password (`https://user:password@host`) and the value of every credential-looking query
 * parameter (`?key=…`, `?subscription-key=…`, `?sig=…`), as written and decoded; the user info
 * (`user:password`) whole, and the user name too (a token is often passed as one). A value taken
 * from inside a header value or the URL counts from 4 characters on, and not when it is a plain
 * word or number (`true`, `null`, `1234`).
 */
export function collectSecrets(apiKey: string | undefined, headers: Headers, url: string): readonly string[] {
  const secrets = new Set<string>();
  const add = (value: string) => {
    if (value !== '') secrets.add(value);
  };
  // A value found inside another (a cookie's, a query parameter's) counts from MIN_PART_CHARS on:
  // redacting a `token=1` would take every `1` out of an error (`HTTP 40[redacted]`).
  const addPart = (value: string) => {
    if (value.length >= MIN_PART_CHARS && !PLAIN_WORD.test(value)) secrets.add(value);
  };
  if (apiKey !== undefined) add(apiKey);
  headers.forEach((value, name) => {
    if (!CREDENTIAL_NAME.test(name)) return;
    add(value);
    const credential = /^\S+\s+(\S.*)$/.exec(value)?.[1];
    if (credential !== undefined) add(credential);
    for (const pair of credentialPairs(value)) {
      addPart(pair);
      if (pair.length >= 2 && pair.startsWith('"') && pair.endsWith('"')) addPart(pair.slice(1, -1));
      addPart(safeDecode(pair.replace(/^"(.*)"$/, '$1')));
    }
  });
  const endpoint = new URL(url);
  // The user info as a whole (`bob:pw1`), and each part long enough: a token is often the user name.
  if (endpoint.password !== '') {
    add(`${endpoint.username}:${endpoint.password}`);
    add(`${safeDecode(endpoint.username)}:${safeDecode(endpoint.password)}`);
  }
  for (const part of [endpoint.username, endpoint.password]) {
    addPart(part);
    addPart(safeDecode(part));
  }
  for (const piece of endpoint.search.slice(1).split('&')) {
    const equals = piece.indexOf('=');
    if (equals < 0 || !CREDENTIAL_NAME.test(safeDecode(piece.slice(0, equals)))) continue;
    const value = piece.slice(equals + 1);
    addPart(value);
    addPart(safeDecode(value.replace(/\+/g, ' ')));
  }
  return [...secrets];
}

/**
 * The values of the credential-looking names in a header value made of `name=value` pairs split by
 * `;`, `,` or `&`. A piece whose name is not a bare token (`Bearer abc==`, where the `=` is
 * padding) is not a pair, and a value of only `=` signs is padding, not a value.
 */
function credentialPairs(value: string): string[] {
  const values: string[] = [];
  for (const piece of value.split(/[;,&]/)) {
    const match = PAIR.exec(piece.trim());
    if (match === null) continue;
    const [, name = '', pairValue = ''] = match;
    if (!CREDENTIAL_NAME.test(name) || /^=*$/.test(pairValue)) continue;
    values.push(pairValue);
  }
  return values;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
