/**
 * The page's facts: one support ticket of a (fictional) hosting company, the same one `pnpm demo`
 * tells. The input, the App's records and the scripted model all read from here.
 */
export const SUPPORT_TICKET = {
  id: '4711',
  customer: { name: 'Mia Chen', plan: 'business', region: 'eu-west-1', site: 'shop.example.com' },
  question: 'Since about 09:10 my shop at shop.example.com only returns 502 errors and I am losing orders. Is this on your side or mine?',
  /** What the App's status-page lookup returned: a tool result, so `tool` trust. */
  statusLookup: { region: 'eu-west-1', incident: 'INC-2041', state: 'identified', since: '09:04 UTC', nextUpdate: '10:30 UTC' },
  statusPage: 'https://status.nimbus.example',
} as const;
