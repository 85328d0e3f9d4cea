const CREDENTIAL_HEADER = /auth|key|token|secret|cookie|session|password/i;

/**
 * The strings that must never appear in an error or log: the API key and the value of every
 * credential-looking header (`authorization`, `x-api-key`, `api-key`, `*token*`, …), both whole
 * and without its scheme (`Bearer …`).
 */
export function collectSecrets(apiKey: string | undefined, headers: Headers): readonly string[] {
  const secrets = new Set<string>();
  if (apiKey !== undefined && apiKey !== '') secrets.add(apiKey);
  headers.forEach((value, name) => {
    if (!CREDENTIAL_HEADER.test(name) || value === '') return;
    secrets.add(value);
    const credential = /^\S+\s+(\S.*)$/.exec(value)?.[1];
    if (credential !== undefined) secrets.add(credential);
  });
  return [...secrets];
}
