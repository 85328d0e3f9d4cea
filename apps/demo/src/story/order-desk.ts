import type { Static } from 'typebox';
import type { IssueRefundArguments } from './issue-refund-tool.js';
import { SUPPORT_TICKET } from './support-ticket.js';

/** An order as the App's order system holds it. */
export type Order = typeof SUPPORT_TICKET.order;

/** A refund the App made. */
export interface Refund {
  readonly refundId: string;
  readonly orderId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly status: 'issued';
}

/**
 * The App's own backend, in memory: the orders the tools read and the refunds they make. It keeps
 * its own rules (an unknown order, more than was paid, a second refund): the turn decides whether a
 * call runs, the App still decides what the call may do.
 */
export interface OrderDesk {
  lookupOrder(orderId: string): Order | { readonly error: string };
  issueRefund(request: Static<typeof IssueRefundArguments>): Refund;
  /** Every refund made so far, in order. */
  readonly refunds: readonly Refund[];
}

/** A desk holding the story's one order, and no refunds yet. */
export function createOrderDesk(): OrderDesk {
  const order = SUPPORT_TICKET.order;
  const refunds: Refund[] = [];
  return {
    refunds,
    lookupOrder: (orderId) => (orderId === order.orderId ? { ...order } : { error: `no order ${orderId}` }),
    issueRefund: ({ orderId, amountCents }) => {
      if (orderId !== order.orderId) throw new Error(`no order ${orderId}`);
      if (amountCents > order.totalCents) throw new Error(`refund of ${amountCents} is more than the ${order.totalCents} paid`);
      if (refunds.some((refund) => refund.orderId === orderId)) throw new Error(`order ${orderId} was refunded already`);
      const refund: Refund = { refundId: `RF-${SUPPORT_TICKET.id}-${refunds.length + 1}`, orderId, amountCents, currency: order.currency, status: 'issued' };
      refunds.push(refund);
      return refund;
    },
  };
}
