import * as Type from '@jangts/agent-types/internal/type';

/** Longest flow name, in UTF-16 code units. */
export const MAX_FLOW_NAME_LENGTH = 128;

/** Schema of a flow's name (`open(traceId, name)`, `child(name)`): 1 to {@link MAX_FLOW_NAME_LENGTH} characters. */
export const FlowNameSchema = Type.String({ minLength: 1, maxLength: MAX_FLOW_NAME_LENGTH });
