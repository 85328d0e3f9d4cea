import { AgentCoreError } from '../agent-core-error.js';

const SAFE_PATH = /^[A-Za-z0-9_/]{0,100}$/;
/** What an issue message may say to the model: the schema's words, never the model's. */
const SAFE_MESSAGE = /^[A-Za-z0-9 ,._/-]{1,120}$/;

/**
 * What a kit (the turn, the reflection) tells the model after the runner refused its reply with
 * `OUTPUT_INVALID` for a reason the model can fix (`unknown-tool`, `json`, `schema`, `length`),
 * ending with `offered` (the kit's sentence on what to call now); `undefined` for any other error
 * (which stops the kit's loop). The notice is the kit's own text: nothing the model wrote is
 * echoed, but for schema paths made of `[A-Za-z0-9_/]` and the plain words of the schema's issues.
 */
export function refusedOutputNotice(error: unknown, offered: string): string | undefined {
  if (!AgentCoreError.isInstance(error) || error.code !== 'OUTPUT_INVALID') return undefined;
  const { reason } = error.details;
  if (typeof reason !== 'string') return undefined;
  switch (reason) {
    case 'unknown-tool':
      return `Your previous reply was refused: it called a tool that is not offered in that call. ${offered}`;
    case 'json':
      return `Your previous reply was refused: its tool arguments were not valid JSON. ${offered}`;
    case 'schema':
      return `Your previous reply was refused: its tool arguments did not match the tool's parameters${describeIssues(error.details.issues)}. ${offered}`;
    case 'length':
      return `Your previous reply was refused: it was cut off by the output length limit while writing tool arguments. Keep the arguments shorter. ${offered}`;
    default:
      return undefined;
  }
}

function describeIssues(issues: unknown): string {
  if (!Array.isArray(issues)) return '';
  const described: string[] = [];
  for (const issue of issues.slice(0, 3) as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as Record<string, unknown>;
    if (typeof path !== 'string' || typeof message !== 'string' || !SAFE_PATH.test(path)) continue;
    const words = message.split(/["'(]/, 1)[0]?.trim() ?? '';
    if (SAFE_MESSAGE.test(words)) described.push(`${path === '' ? 'arguments' : path} ${words}`);
  }
  return described.length === 0 ? '' : ` (${described.join('; ')})`;
}
