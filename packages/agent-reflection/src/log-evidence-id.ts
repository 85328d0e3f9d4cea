import { parser } from '@jangts/agent-types/internal';
import * as Type from '@jangts/agent-types/internal/type';

const LogEvidenceIdArgumentsSchema = Type.Object({ traceId: Type.String({ minLength: 1 }), seq: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) });
const logEvidenceIdArguments = /* @__PURE__ */ parser(LogEvidenceIdArgumentsSchema, { subject: 'logEvidenceId', code: 'INPUT_INVALID', name: 'arguments' });

/**
 * The stable evidence id of a log record: `<traceId>:<seq>`.
 *
 * @throws AgentCoreError `INPUT_INVALID` naming the argument when `traceId` is not a non-empty
 * string or `seq` is not a non-negative safe integer.
 */
export function logEvidenceId(traceId: string, seq: number): string {
  logEvidenceIdArguments.parse({ traceId, seq });
  return `${traceId}:${seq}`;
}
