import { randomUUID } from 'node:crypto';
import type { PriceInterval, SubscriptionStatus } from '../../../common/billing/billing.ts';
import { liveTopics } from '../../../common/live.ts';
import type { Db, Tx } from '../../db/transaction.ts';
import type { EventType } from '../../events/catalogue.ts';
import { providerEventFields, recordEvent } from '../../events/recordEvent.ts';
import type { ProviderSubscription } from '../../integrations/payments/events.ts';
import type { Services } from '../../rpc/context.ts';
import { accountExists, findAccountIdByCustomer } from '../../access/accountBilling.ts';
import { findCataloguedPrice } from '../catalog/index.ts';
import { driveHostingFromSubscription } from '../hosting/index.ts';
import { linkCustomer } from './providerRecords.ts';
import { findSubscriptionByProviderId, insertSubscription, type SubscriptionState, updateSubscription } from './subscriptionRepository.ts';

export const SUBSCRIPTION_REFRESH_QUEUE = 'billing.subscription-refresh';

export interface SubscriptionRefreshJob {
  providerSubscriptionId: string;
  /** The stored clock that was ambiguous; the refresh applies only if nothing newer came meanwhile. */
  seenUpdated: number;
}

/**
 * How a provider's subscription reaches our row.
 * - event: a customer.subscription.* event; applies when its clock is newer than the stored one,
 *   ignores an older one, and for an equal one (two changes in the same second, whose order the
 *   event does not tell) has the subscription re-read from the provider by a job.
 * - snapshot: read from the provider at checkout fulfilment; written only if no event did it first.
 * - refresh: the re-read of an ambiguous clock; applies only if the clock is still the one seen.
 */
export type SubscriptionSource =
  | { kind: 'event'; eventType: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted'; eventId: string }
  | { kind: 'snapshot'; fallbackAccountId: string }
  | { kind: 'refresh' };

/**
 * Applies the provider's subscription as of `clock` (Unix seconds) in the caller's unit of
 * work. Provider calls never happen here: a database transaction is never held open across
 * one (on SQLite the test-mode provider would even wait for this very transaction).
 */
export async function applySubscription(tx: Tx, services: Services, subscription: ProviderSubscription, clock: number, source: SubscriptionSource): Promise<void> {
  let stored = await findSubscriptionByProviderId(tx.db, subscription.id);
  const deleted = source.kind === 'event' && source.eventType === 'customer.subscription.deleted';
  const now = services.clock.nowIso();

  if (!stored) {
    if (source.kind === 'refresh') return;
    const accountId = await accountOf(tx.db, subscription, source.kind === 'snapshot' ? source.fallbackAccountId : null);
    if (!accountId) {
      services.log.warn({ subscriptionId: subscription.id, customer: subscription.customer }, 'subscription of no known account; ignored');
      return;
    }
    const state = await stateOf(tx.db, subscription, clock, deleted);
    const id = randomUUID();
    if (await insertSubscription(tx.db, { id, accountId, providerSubscriptionId: subscription.id, state, now })) {
      await driveHosting(tx, services, { id, account_id: accountId, status: state.status, price_id: state.priceId }, subscription.metadata);
      await linkCustomer(tx, services, accountId, subscription.customer, eventIdOf(source));
      await report(tx, services, accountId, state.status === 'canceled' ? 'payment.subscription.canceled' : 'payment.subscription.created', id, state, eventIdOf(source), now);
      return;
    }
    // Written meanwhile by a unit of work that committed after this one looked (PostgreSQL runs
    // them side by side): what it wrote is now the stored state, and this report is compared with it.
    stored = (await findSubscriptionByProviderId(tx.db, subscription.id))!;
  }

  if (source.kind === 'snapshot') return;
  const storedClock = Number(stored.provider_updated);
  if (source.kind === 'refresh' ? storedClock !== clock : clock < storedClock) return;
  if (source.kind === 'event' && clock === storedClock) {
    const job: SubscriptionRefreshJob = { providerSubscriptionId: subscription.id, seenUpdated: storedClock };
    await services.jobs.send(SUBSCRIPTION_REFRESH_QUEUE, job, {
      tx, singletonKey: `${subscription.id}:${storedClock}`, retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true,
    });
    return;
  }

  const state = await stateOf(tx.db, subscription, clock, deleted);
  const changed = state.status !== stored.status || stored.cancel_at_period_end !== state.cancelAtPeriodEnd
    || state.currentPeriodEnd !== stored.current_period_end
    || state.priceId !== stored.price_id;
  await updateSubscription(tx.db, stored.id, state, now);
  await driveHosting(tx, services, { ...stored, status: state.status, price_id: state.priceId }, subscription.metadata);
  if (source.kind === 'refresh' && !changed) return;
  const ended = state.status === 'canceled' && stored.status !== 'canceled';
  await report(tx, services, stored.account_id, ended ? 'payment.subscription.canceled' : 'payment.subscription.updated', stored.id, state, eventIdOf(source), now);
}

/**
 * The subscription's hosting service (if its plan provisions) follows what was just written, in
 * the same unit of work; the checkout's id in the metadata leads to what the customer gave at checkout.
 */
export async function driveHosting(
  tx: Tx, services: Services, row: { id: string; account_id: string; status: SubscriptionStatus; price_id: string | null }, metadata: Record<string, string> | null | undefined,
) {
  await driveHostingFromSubscription(tx, services, {
    subscriptionId: row.id, accountId: row.account_id, status: row.status, priceId: row.price_id, checkoutSessionId: metadata?.checkoutSessionId ?? null,
  });
}

/** The account from the checkout's metadata (if it still exists), the caller's fallback, or the customer. */
async function accountOf(db: Db, subscription: ProviderSubscription, fallbackAccountId: string | null): Promise<string | null> {
  const fromMetadata = subscription.metadata?.accountId;
  if (fromMetadata && await accountExists(db, fromMetadata)) return fromMetadata;
  return fallbackAccountId ?? findAccountIdByCustomer(db, subscription.customer);
}

const toIsoSeconds = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000).toISOString());

async function stateOf(db: Db, subscription: ProviderSubscription, clock: number, deleted: boolean): Promise<SubscriptionState> {
  const item = subscription.items?.data?.[0];
  const price = item?.price;
  const catalogued = price ? await findCataloguedPrice(db, price.id) : undefined;
  const interval = price?.recurring?.interval;
  return {
    providerCustomerId: subscription.customer,
    priceId: catalogued?.id ?? null,
    // A price the catalogue does not know (made in Stripe's dashboard) is named by its product id.
    productName: catalogued?.productName ?? price?.product ?? 'Subscription',
    unitAmount: price?.unit_amount ?? 0,
    currency: (price?.currency ?? 'usd').toUpperCase(),
    interval: interval === 'month' || interval === 'year' ? interval as PriceInterval : null,
    status: deleted ? 'canceled' : subscription.status,
    currentPeriodStart: toIsoSeconds(item?.current_period_start),
    currentPeriodEnd: toIsoSeconds(item?.current_period_end),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    canceledAt: toIsoSeconds(subscription.canceled_at ?? (deleted ? subscription.ended_at : null)),
    providerUpdated: clock,
  };
}

const eventIdOf = (source: SubscriptionSource) => (source.kind === 'event' ? source.eventId : null);

async function report(
  tx: Tx, services: Services, accountId: string, type: EventType, subscriptionId: string, state: SubscriptionState, eventId: string | null, at: string,
) {
  await recordEvent(tx, {
    type, accountId, ...providerEventFields(services.payments, eventId),
    payload: { subscriptionId, status: state.status, productName: state.productName, cancelAtPeriodEnd: state.cancelAtPeriodEnd, currentPeriodEnd: state.currentPeriodEnd },
    at,
  });
  services.live.publish(tx, liveTopics.billing(accountId), 'billing.changed');
}
