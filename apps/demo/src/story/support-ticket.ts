/**
 * The story's facts: one support ticket of a (fictional) online shop. The fragments, the App's
 * order desk and the scripted model all read from here, so the story stays consistent.
 */
export const SUPPORT_TICKET = {
  id: '4711',
  channel: 'chat-widget',
  shop: 'Kestrel Outfitters',
  customer: { name: 'Mia Chen', memberSince: 2021, orders: 14 },
  question: 'My order A-1042 was due a week ago and its tracking has not moved since 18 November. Can I get my money back?',
  /** What the App's order system holds: `lookupOrder` reads it, `issueRefund` refunds it. */
  order: {
    orderId: 'A-1042',
    item: 'Fjord rain jacket, size M',
    totalCents: 12900,
    currency: 'EUR',
    paid: true,
    status: 'lost-in-transit',
    carrier: 'ParcelNet',
    lastScan: '18 Nov, Leipzig hub',
  },
} as const;

/** `12900` → `129.00 EUR`. */
export function formatMoney(cents: number, currency: string = SUPPORT_TICKET.order.currency): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}
