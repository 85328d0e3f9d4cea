import * as Type from '@jangts/agent-types/internal/type';
import { AGENT_CORE_ERROR_CODES } from '../agent-core-error-code.js';
import { literalUnion } from '../internal/literal-union.js';

/** Schema of `AgentCoreErrorCode`. */
export const AgentCoreErrorCodeSchema = literalUnion(AGENT_CORE_ERROR_CODES);

/** Schema of `AgentCoreError.toJSON()`. */
export const AgentCoreErrorJsonSchema = Type.Object({
  name: Type.Literal('AgentCoreError'),
  code: AgentCoreErrorCodeSchema,
  message: Type.String(),
  details: Type.Record(Type.String(), Type.Unknown()),
});
