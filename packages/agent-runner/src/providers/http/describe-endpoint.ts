/**
 * An endpoint URL as error messages show it: scheme, host and path only. A user name, password
 * or query string (which may carry a credential) is left out; `?…` marks a query that was there.
 */
export function describeEndpoint(url: string): string {
  const endpoint = new URL(url);
  return `${endpoint.origin}${endpoint.pathname}${endpoint.search === '' ? '' : '?…'}`;
}
