import { liveTopics } from '../../../../common/live.ts';
import type { Tx } from '../../../db/transaction.ts';
import { providerEventFields, recordEvent } from '../../../events/recordEvent.ts';
import { findCheckoutById, findCheckoutByProviderId, finishCheckout } from '../../../integrations/payments/checkoutSessions.ts';
import type { ProviderCheckoutSession } from '../../../integrations/payments/events.ts';
import type { Services } from '../../../rpc/context.ts';
import { CHECKOUT_PURPOSES } from './checkout.ts';
import { CHECKOUT_FULFILMENT_QUEUE, type CheckoutFulfilmentJob } from './fulfilment.ts';
import { linkCustomer } from '../providerRecords.ts';

type CheckoutEvent = { id: string; created: number; data: { object: ProviderCheckoutSession } };

async function ourSession(tx: Tx, session: ProviderCheckoutSession) {
  const byProvider = await findCheckoutByProviderId(tx.db, session.id);
  if (byProvider) return byProvider;
  const ours = session.metadata?.checkoutSessionId;
  return ours ? findCheckoutById(tx.db, ours) : undefined;
}

/**
 * checkout.session.completed: the session is complete, the account gets the customer the
 * provider made for it, and the fulfilment (the subscription read back, the confirmation mail)
 * is left to a durable job in the same unit of work: committed with the completion, done once.
 */
export async function onCheckoutCompleted(tx: Tx, services: Services, event: CheckoutEvent): Promise<void> {
  const session = event.data.object;
  const row = await ourSession(tx, session);
  if (!row) {
    services.log.warn({ eventId: event.id, sessionId: session.id }, 'a checkout the portal did not start completed; ignored');
    return;
  }
  if (!await finishCheckout(tx.db, row.id, 'complete')) return;
  await linkCustomer(tx, services, row.account_id, session.customer, event.id);
  await recordEvent(tx, {
    type: 'payment.checkout.completed', accountId: row.account_id, ...providerEventFields(services.payments, event.id),
    actor: session.metadata?.userId ? { userId: session.metadata.userId, actingAsAccountId: null } : undefined,
    payload: { checkoutSessionId: row.id, mode: row.mode, purpose: row.purpose, amountTotal: session.amount_total, currency: session.currency?.toUpperCase() ?? null },
    at: services.clock.nowIso(),
  });
  services.live.publish(tx, liveTopics.billing(row.account_id), 'billing.changed');

  // Paid later (a bank debit): the provider's payment events settle it; nothing to confirm yet.
  if (session.payment_status === 'unpaid') return;
  switch (row.purpose) {
    case CHECKOUT_PURPOSES.subscription:
    case CHECKOUT_PURPOSES.payment: {
      const job: CheckoutFulfilmentJob = { checkoutSessionId: row.id, providerSubscriptionId: session.subscription, completedAt: event.created };
      await services.jobs.send(CHECKOUT_FULFILMENT_QUEUE, job, { tx, singletonKey: session.id, retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true });
      break;
    }
    default:
      // Another area's purpose (a domain order, issue 7) fulfils in that area, from its own reaction to this event.
      break;
  }
}

/** checkout.session.expired: the customer never paid; the session is closed. */
export async function onCheckoutExpired(tx: Tx, services: Services, event: CheckoutEvent): Promise<void> {
  const row = await ourSession(tx, event.data.object);
  if (row && await finishCheckout(tx.db, row.id, 'expired')) services.live.publish(tx, liveTopics.billing(row.account_id), 'billing.changed');
}
