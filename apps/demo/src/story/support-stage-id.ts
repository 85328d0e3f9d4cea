/** The stage id of every model call of the support turn: what the runner's records and the preview rule see. */
export const SUPPORT_STAGE_ID = 'support-agent';
