import type { OperatorOrder } from '../../domains/index.ts';

/** What an audit entry records of an order before and after an operator's act. */
export const factsOf = (order: OperatorOrder) => ({
  status: order.status, paymentStatus: order.paymentStatus, adminActionRequired: order.adminActionRequired,
});
