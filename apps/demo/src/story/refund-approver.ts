/** Who decides on refunds in the story: the person the App shows a pending refund to. */
export const REFUND_APPROVER = { name: 'Sam Ortiz', role: 'billing' } as const;
