const CREDENTIAL_NAME = /auth|key|token|secret|cookie|session|password|signature|(?:^|[^a-z])sig(?:[^a-z]|$)/i;

/**
 * The strings that must never appear in an error or log: the API key; the value of every
 * credential-looking header (`authorization`, `x-api-key`, `api-key`, `*token*`, …), both whole
 * and without its scheme (`Bearer …`); and the credentials an endpoint URL may carry — its
 * password (`https://user:password@host`) and the value of every credential-looking query
 * parameter (`?key=…`, `?subscription-key=…`, `?sig=…`), as written and decoded.
 */
export function collectSecrets(apiKey: string | undefined, headers: Headers, url: string): readonly string[] {
  const secrets = new Set<string>();
  const add = (value: string) => {
    if (value !== '') secrets.add(value);
  };
  if (apiKey !== undefined) add(apiKey);
  headers.forEach((value, name) => {
    if (!CREDENTIAL_NAME.test(name)) return;
    add(value);
    const credential = /^\S+\s+(\S.*)$/.exec(value)?.[1];
    if (credential !== undefined) add(credential);
  });
  const endpoint = new URL(url);
  add(endpoint.password);
  add(safeDecode(endpoint.password));
  for (const piece of endpoint.search.slice(1).split('&')) {
    const equals = piece.indexOf('=');
    if (equals < 0 || !CREDENTIAL_NAME.test(safeDecode(piece.slice(0, equals)))) continue;
    const value = piece.slice(equals + 1);
    add(value);
    add(safeDecode(value.replace(/\+/g, ' ')));
  }
  return [...secrets];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
