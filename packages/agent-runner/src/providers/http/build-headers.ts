import { AgentCoreError } from '@jangts/agent-types';

/**
 * Builds request headers: `defaults` first, then the App's `headers` (which override a default
 * of the same name, case-insensitively). An invalid name or value is `CONFIG_INVALID` naming the
 * header, never its value (it may be a credential).
 */
export function buildHeaders(
  factory: string,
  defaults: Readonly<Record<string, string>>,
  headers: Readonly<Record<string, string>> | undefined,
): Headers {
  const result = new Headers();
  for (const [name, value] of [...Object.entries(defaults), ...Object.entries(headers ?? {})]) {
    try {
      result.set(name, value);
    } catch {
      throw new AgentCoreError('CONFIG_INVALID', `${factory}: header \`${name}\` has an invalid name or value`, {
        details: { field: `headers.${name}` },
      });
    }
  }
  return result;
}
