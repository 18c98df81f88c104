import { inTransaction } from '../../../db/transaction.ts';
import { claimFulfilment, findCheckoutById } from '../../../integrations/payments/checkoutSessions.ts';
import type { ProviderSubscription } from '../../../integrations/payments/events.ts';
import type { Services } from '../../../rpc/context.ts';
import { findBillingContact } from '../../../access/accountBilling.ts';
import { checkoutConfirmationMail } from './confirmationMail.ts';
import { findPriceById } from '../../catalog/index.ts';
import { findSubscriptionByProviderId } from '../subscriptionRepository.ts';
import { applySubscription } from '../subscriptionSync.ts';

export const CHECKOUT_FULFILMENT_QUEUE = 'billing.checkout-fulfilment';

export interface CheckoutFulfilmentJob {
  /** Ours (checkout_sessions.id). */
  checkoutSessionId: string;
  providerSubscriptionId: string | null;
  /** The completion event's clock: the subscription read back is at least that recent. */
  completedAt: number;
}

/**
 * Fulfils a completed checkout once, however often the job runs: reads the subscription back
 * from the provider if no event brought it yet (outside any transaction), then in one unit of
 * work claims the fulfilment, writes the subscription and sends the confirmation. A run that
 * finds the claim taken does nothing; a run that fails leaves no claim and is retried.
 */
export async function fulfilCheckout(services: Services, job: CheckoutFulfilmentJob): Promise<void> {
  const { db } = services;
  const checkout = await findCheckoutById(db, job.checkoutSessionId);
  if (!checkout || checkout.completed_at !== null) return;
  let subscription: ProviderSubscription | null = null;
  if (job.providerSubscriptionId && !await findSubscriptionByProviderId(db, job.providerSubscriptionId)) {
    subscription = await services.payments.retrieveSubscription(job.providerSubscriptionId);
  }
  await inTransaction(db, async (tx) => {
    if (!await claimFulfilment(tx.db, checkout.id, services.clock.nowIso())) return;
    if (subscription) await applySubscription(tx, services, subscription, job.completedAt, { kind: 'snapshot', fallbackAccountId: checkout.account_id });
    const [contact, price] = await Promise.all([
      findBillingContact(tx.db, checkout.account_id), checkout.price_id ? findPriceById(tx.db, checkout.price_id) : undefined,
    ]);
    const stored = job.providerSubscriptionId ? await findSubscriptionByProviderId(tx.db, job.providerSubscriptionId) : undefined;
    if (!contact) return;
    await services.mailer.send(tx, checkoutConfirmationMail({
      to: contact.billing_email ?? contact.owner_email, accountName: contact.name,
      planName: price?.productName ?? stored?.product_name ?? 'hosting', recurring: checkout.mode === 'subscription', publicUrl: services.config.PUBLIC_URL,
    }));
  }, services.log);
}
