import { FAILED_ORDERS_LIMIT } from '../../../../common/admin/orders/texts.ts';
import * as orders from '../../../../common/admin/orders/contract.ts';
import { ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { notFound } from '../../../rpc/errors.ts';
import { failedQueue, orderDetails, orderSuppliers, pageOfOrders } from './service.ts';
import { changeStatus } from './statusChange.ts';
import { completeManually, retryOrders } from './writes.ts';
import { countFailedOrders, findOperatorOrder } from '../../domains/index.ts';
import { requireOperator } from '../policy.ts';

/** The back office's order handlers (issue 8). */
export const handlers = [
  implement(orders.getAllOrders, async (input, { caller, services }) => {
    requireOperator(caller);
    return pageOfOrders(services.db, input);
  }),

  implement(orders.getFailedOrders, async ({ limit }, { caller, services }) => {
    requireOperator(caller);
    return failedQueue(services.db, limit ?? FAILED_ORDERS_LIMIT, await countFailedOrders(services.db), services.clock.now());
  }),

  implementWithOutsideCalls(orders.bulkRetryOrders, async ({ orderIds, forceRegistrar }, ctx) => {
    requireOperator(ctx.caller);
    return retryOrders(ctx, orderIds, forceRegistrar);
  }),

  implement(orders.getOrderDetails, async ({ orderId }, { caller, services }) => {
    requireOperator(caller);
    const order = await findOperatorOrder(services.db, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return { success: true as const, order: await orderDetails(services.db, order) };
  }),

  implementWithOutsideCalls(orders.updateOrderStatus, async (input, ctx) => {
    requireOperator(ctx.caller);
    return changeStatus(ctx, input);
  }),

  implement(orders.manuallyCompleteOrder, async (input, ctx) => {
    requireOperator(ctx.caller);
    return completeManually(ctx, input);
  }),

  implement(orders.listOrderSuppliers, async (_input, { caller, services }) => {
    requireOperator(caller);
    return orderSuppliers(services.db);
  }),
];
