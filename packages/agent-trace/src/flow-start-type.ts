/** Record type written first in every flow, with `{ name?, parentFlowId? }`. */
export const FLOW_START_TYPE = 'flow.start';
