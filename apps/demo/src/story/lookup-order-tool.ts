import type { ToolSpec } from '@jangts/agent-core/types';
import * as Type from 'typebox';

/** The arguments of `lookupOrder`. */
export const LookupOrderArguments = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 40, description: 'The order id, e.g. A-1042' }) }, { additionalProperties: false });

/** A tool the App executes on its own policy (`approval: 'auto'`): reading an order changes nothing. */
export const LOOKUP_ORDER_TOOL: ToolSpec<typeof LookupOrderArguments> = {
  id: 'lookupOrder',
  description: "Look an order up in the shop's order system: item, amount paid, shipping status.",
  parameters: LookupOrderArguments,
};
