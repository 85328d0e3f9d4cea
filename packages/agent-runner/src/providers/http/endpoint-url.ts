/**
 * The endpoint `path` (`/chat/completions`) under a base URL: appended to its path (trailing
 * slashes dropped), before its query, which is kept (`?api-version=…` of Azure OpenAI).
 */
export function endpointUrl(baseURL: string, path: string): string {
  const url = new URL(baseURL);
  if (url.search === '') return `${baseURL.replace(/\/+$/, '')}${path}`;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url.toString();
}
