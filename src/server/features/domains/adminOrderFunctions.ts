import { FAILED_ORDERS_LIMIT } from '../../../common/adminOrdersTexts.ts';
import * as orders from '../../../common/contracts/adminOrders.ts';
import { ORDER_NOT_FOUND } from '../../../common/domainOrders.ts';
import { implement } from '../../rpc/registry.ts';
import { notFound } from '../../rpc/errors.ts';
import { countFailedOrders } from './adminOrderQueries.ts';
import { failedQueue, orderDetails, orderSuppliers, pageOfOrders } from './adminOrderService.ts';
import { changeStatus, completeManually, retryOrders } from './adminOrderWrites.ts';
import { findOrder } from './orderRepository.ts';
import { requireOrderOperator } from './policy.ts';

/** The back office's order handlers (issue 8). */
export const handlers = [
  implement(orders.getAllOrders, async (input, { caller, services }) => {
    requireOrderOperator(caller);
    return pageOfOrders(services.db, input);
  }),

  implement(orders.getFailedOrders, async ({ limit }, { caller, services }) => {
    requireOrderOperator(caller);
    return failedQueue(services.db, limit ?? FAILED_ORDERS_LIMIT, await countFailedOrders(services.db));
  }),

  implement(orders.bulkRetryOrders, async ({ orderIds, forceRegistrar }, ctx) => {
    requireOrderOperator(ctx.caller);
    return retryOrders(ctx, orderIds, forceRegistrar);
  }),

  implement(orders.getOrderDetails, async ({ orderId }, { caller, services }) => {
    requireOrderOperator(caller);
    const order = await findOrder(services.db, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return { success: true as const, order: await orderDetails(services.db, order) };
  }),

  implement(orders.updateOrderStatus, async (input, ctx) => {
    requireOrderOperator(ctx.caller);
    return changeStatus(ctx, input);
  }),

  implement(orders.manuallyCompleteOrder, async (input, ctx) => {
    requireOrderOperator(ctx.caller);
    return completeManually(ctx, input);
  }),

  implement(orders.listOrderSuppliers, async (_input, { caller, services }) => {
    requireOrderOperator(caller);
    return orderSuppliers(services.db);
  }),
];
