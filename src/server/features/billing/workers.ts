import type { JobQueue } from '../../jobs/queue.ts';
import type { Services } from '../../rpc/context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { CHECKOUT_FULFILMENT_QUEUE, type CheckoutFulfilmentJob, fulfilCheckout } from './checkout/fulfilment.ts';
import { applySubscription, SUBSCRIPTION_REFRESH_QUEUE, type SubscriptionRefreshJob } from './subscriptionSync.ts';

/**
 * Re-reads a subscription whose events left its order in doubt, outside any transaction, and
 * applies it if no newer event came meanwhile.
 */
export async function refreshSubscription(services: Services, job: SubscriptionRefreshJob): Promise<void> {
  const subscription = await services.payments.retrieveSubscription(job.providerSubscriptionId);
  await inTransaction(services.db, (tx) => applySubscription(tx, services, subscription, job.seenUpdated, { kind: 'refresh' }), services.log);
}

/** The billing area's job workers. */
export async function registerBillingWorkers(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work<CheckoutFulfilmentJob>(CHECKOUT_FULFILMENT_QUEUE, (job) => fulfilCheckout(services, job));
  await jobs.work<SubscriptionRefreshJob>(SUBSCRIPTION_REFRESH_QUEUE, (job) => refreshSubscription(services, job));
}
