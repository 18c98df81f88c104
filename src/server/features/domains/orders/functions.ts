import * as orders from '../../../../common/domains/ordersContract.ts';
import { ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';
import { implement } from '../../../rpc/registry.ts';
import { notFound } from '../../../rpc/errors.ts';
import { payForOrder } from './payment.ts';
import { findOrderView } from './repository.ts';
import { placeRegistration, placeRenewal, renewalPrices } from './service.ts';
import { requireDomainBuyer, requireDomainListReader, requireOrderMember, requireOwnedDomain } from '../policy.ts';
import { listAccountOrders } from './accountOrders.ts';
import { cancelUnpaidOrder } from './cancel.ts';

/** registerDomain, renewDomain, getRenewalPrices, payDomainOrder, getDomainOrder, listDomainOrders, cancelDomainOrder. */
export const handlers = [
  implement(orders.registerDomain, async (input, ctx) => {
    await requireDomainBuyer(ctx.services.db, ctx.caller, input.accountId);
    return { success: true as const, orderId: await placeRegistration(ctx, ctx.caller, input) };
  }),

  implement(orders.renewDomain, async ({ domain, years }, ctx) => {
    const owned = await requireOwnedDomain(ctx.services.db, ctx.caller, domain);
    return { success: true as const, orderId: await placeRenewal(ctx, ctx.caller, owned.domain, years) };
  }),

  implement(orders.getRenewalPrices, async ({ domain }, ctx) => {
    const owned = await requireOwnedDomain(ctx.services.db, ctx.caller, domain);
    return renewalPrices(ctx.services.db, owned.domain);
  }),

  implement(orders.payDomainOrder, async ({ orderId }, ctx) => {
    await requireOrderMember(ctx.services.db, ctx.caller, orderId);
    return payForOrder(ctx, ctx.caller, orderId);
  }),

  implement(orders.listDomainOrders, async ({ accountId, cursor }, { caller, services }) => {
    await requireDomainListReader(services.db, caller, accountId);
    return listAccountOrders(services.db, accountId, cursor ?? null);
  }),

  implement(orders.cancelDomainOrder, async ({ orderId }, ctx) => {
    const { order } = await requireOrderMember(ctx.services.db, ctx.caller, orderId);
    await cancelUnpaidOrder(ctx, ctx.caller, order);
    return { success: true as const, order: (await findOrderView(ctx.services.db, orderId))! };
  }),

  implement(orders.getDomainOrder, async ({ orderId }, { caller, services }) => {
    await requireOrderMember(services.db, caller, orderId);
    const order = await findOrderView(services.db, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return { success: true as const, order };
  }),
];
