import { liveTopics } from '../../../common/live.ts';
import type { Tx } from '../../db/transaction.ts';
import { providerEventFields, recordEvent } from '../../events/recordEvent.ts';
import type { Services } from '../../rpc/context.ts';
import { findBillingAccount, setCustomerIfNone } from '../../access/accountBilling.ts';

/**
 * The account's customer at the provider, stored the first time a payment names one. An
 * account that has a customer keeps it: a second one (made in Stripe's dashboard, say) is logged,
 * not adopted, so the portal link keeps opening the customer the subscriptions belong to.
 */
export async function linkCustomer(tx: Tx, services: Services, accountId: string, customerId: string | null, providerEventId: string | null) {
  if (!customerId) return;
  const now = services.clock.nowIso();
  if (await setCustomerIfNone(tx.db, accountId, customerId, now)) {
    await recordEvent(tx, { type: 'payment.customer.created', accountId, ...providerEventFields(services.payments, providerEventId), payload: { customerId }, at: now });
    services.live.publish(tx, liveTopics.billing(accountId), 'billing.changed');
    return;
  }
  const account = await findBillingAccount(tx.db, accountId);
  if (account && account.stripe_customer_id !== customerId) {
    services.log.warn({ accountId, customerId, kept: account.stripe_customer_id }, 'a payment named another customer for an account that has one; kept the first');
  }
}
