import type { OrderDesk } from './order-desk.js';

/** The App value of the support turn's context: what `execute` reaches through `context.app`. */
export interface SupportApp {
  readonly ticketId: string;
  /** The App's backend the tools act on. */
  readonly desk: OrderDesk;
}
