import { PAYMENT_PROVIDER_UNAVAILABLE } from '../../../../common/billing/texts.ts';
import { AUTOMATIC_RENEWAL_CHARGED } from '../../../../common/domains/orders.ts';
import { liveTopics } from '../../../../common/live.ts';
import { recordIfActingAs } from '../../../audit/record.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import { finishCheckout, listOpenCheckouts } from '../../../integrations/payments/checkoutSessions.ts';
import type { Caller, SignedInContext } from '../../../rpc/context.ts';
import { failedPrecondition, FunctionError } from '../../../rpc/errors.ts';
import { isAutomatic } from '../expiry/renewalRules.ts';
import { DOMAIN_ORDER_PURPOSE } from './queries.ts';
import { type OrderRow, transitionOrder } from './repository.ts';
import { ORDER_NOT_AWAITING_PAYMENT, ORDER_PAID_MEANWHILE } from './texts.ts';

type Ctx = Pick<SignedInContext, 'services' | 'log' | 'requestId'>;

/**
 * The customer cancels an unpaid order. A checkout the customer opened may still take the money
 * at the provider, so each open one is closed there first (no transaction is open meanwhile), and
 * the provider's answer decides: one that was paid in the meantime refuses the cancel (its payment
 * event moves the order on). Only then is the order cancelled, in one short unit of work.
 */
export async function cancelUnpaidOrder(ctx: Ctx, caller: Caller, order: OrderRow): Promise<void> {
  const { services } = ctx;
  const orderId = order.id;
  if (order.status !== 'pending_payment') throw failedPrecondition(ORDER_NOT_AWAITING_PAYMENT);
  // The daily job charges these itself: turning auto-renew off on the domain is how a customer stops one.
  if (isAutomatic(order)) throw failedPrecondition(AUTOMATIC_RENEWAL_CHARGED);

  for (const checkout of await listOpenCheckouts(services.db, { purpose: DOMAIN_ORDER_PURPOSE, reference: order.id })) {
    let status: string;
    try {
      status = (await services.payments.expireCheckoutSession(checkout.providerSessionId)).status;
    } catch (error) {
      ctx.log.error({ err: error, requestId: ctx.requestId, orderId, checkoutId: checkout.id }, 'payment provider failed to close a domain order checkout');
      throw new FunctionError('UNAVAILABLE', PAYMENT_PROVIDER_UNAVAILABLE);
    }
    if (status === 'complete') throw failedPrecondition(ORDER_PAID_MEANWHILE);
    if (status === 'expired') await finishCheckout(services.db, checkout.id, 'expired');
  }

  await inTransaction(services.db, async (tx) => {
    const at = services.clock.nowIso();
    if (!await transitionOrder(tx.db, order.id, 'cancelled', { updated_at: at }, 'pending_payment')) throw failedPrecondition(ORDER_NOT_AWAITING_PAYMENT);
    await recordEvent(tx, {
      type: 'order.domain.cancelled', accountId: order.account_id, actor: byCaller(caller),
      payload: { orderId: order.id, domain: order.domain, reason: 'customer' }, at,
    });
    await recordIfActingAs(tx, caller, { action: 'domain_order.cancelled', target: { type: 'domain_order', id: order.id }, after: { reason: 'customer' }, at });
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
  }, ctx.log);
}
