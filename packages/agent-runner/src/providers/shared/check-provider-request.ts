import { AgentCoreError, ProviderRequestSchema, type ProviderRequest } from '@jangts/agent-types';
import { compileSchema, firstHole } from '@jangts/agent-types/internal';
import { fieldPath } from '../../field-path.js';
import { readingGuarded } from '../../reading-guarded.js';
import { ARGS_MESSAGE, toolCallArgsIssue } from '../../tool-call-args-issue.js';

const requestValidator = compileSchema(ProviderRequestSchema);

/**
 * Checks the request a provider is asked to stream against `ProviderRequestSchema` (the runner
 * always sends a valid one; a direct caller may not).
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the field (`request.messages[0].role`), with the
 *   provider's id in `details.providerId`; a getter or proxy that throws names `request`.
 */
export function checkProviderRequest(provider: string, request: unknown): ProviderRequest {
  const issue = readingGuarded('INPUT_INVALID', 'request', () => requestValidator.issues(request, 1)[0] ?? requestIssue(request as ProviderRequest));
  if (issue !== undefined) {
    const field = fieldPath('request', issue.path);
    throw new AgentCoreError('INPUT_INVALID', `${provider} provider: ${field} ${issue.message}`, { details: { field, providerId: provider } });
  }
  return request as ProviderRequest;
}

/**
 * What the schema's checks let through: an earlier tool call whose `args` is not an object, or a
 * hole in one of the request's lists (`[, message]`), which those checks skip (read as
 * `undefined`, it is an item of the wrong type).
 */
function requestIssue(request: ProviderRequest): { path: string; message: string } | undefined {
  const lists: [string, readonly unknown[]][] = [['/messages', request.messages], ['/tools', request.tools]];
  for (let index = 0; index < request.messages.length; index++) {
    const message = request.messages[index];
    const args = toolCallArgsIssue(message);
    if (args !== undefined) return { path: `/messages/${index}${args}`, message: ARGS_MESSAGE };
    if (message?.role === 'assistant' && message.toolCalls !== undefined) lists.push([`/messages/${index}/toolCalls`, message.toolCalls]);
  }
  for (const [path, list] of lists) {
    const hole = firstHole(list);
    if (hole >= 0) return { path: `${path}/${hole}`, message: 'must be an object (a hole in the list)' };
  }
  return undefined;
}
