import type { Tx } from '../../../db/transaction.ts';
import type { JobHandler } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import type { PaymentProviderDeps } from '../createPaymentProvider.ts';
import type { PaymentEvent, ProviderCheckoutSession, ProviderInvoice, ProviderSubscription } from '../events.ts';
import { readTestObject, type TestSubscriptionRecord, subscriptionObject, testId, writeTestObject } from './testObjects.ts';

/** What the test provider's changes need: its storage, the job queue, and the receiver of its events. */
export type TestModeDeps = Pick<PaymentProviderDeps, 'db' | 'jobs' | 'log' | 'deliver'>;

/** The test provider's collaborators, taken from the services: its events go to the same receiver as Stripe's. */
export function testModeDeps(services: Services): TestModeDeps {
  return { db: services.db, jobs: services.jobs, log: services.log, deliver: (event) => services.receivePaymentEvent(event) };
}

export const TEST_EVENT_DELIVERY_QUEUE = 'payments.test-event-delivery';
export interface TestEventDelivery {
  events: PaymentEvent[];
}

// Events in Stripe's envelope, with ids of test mode (evt_test_…).
const envelope = (type: PaymentEvent['type'], object: object, created: number, previous?: Record<string, unknown>) =>
  ({ id: testId('evt'), object: 'event', type, created, data: { object, ...(previous ? { previous_attributes: previous } : {}) } }) as PaymentEvent;

export const checkoutEvent = (type: 'checkout.session.completed' | 'checkout.session.expired', session: ProviderCheckoutSession, created: number) =>
  envelope(type, session, created);

export const invoiceEvent = (type: 'invoice.finalized' | 'invoice.paid' | 'invoice.payment_failed', invoice: ProviderInvoice, created: number) =>
  envelope(type, invoice, created);

export const subscriptionEvent = (
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: TestSubscriptionRecord | ProviderSubscription, created: number, previous?: Record<string, unknown>,
) => envelope(type, 'productName' in subscription ? subscriptionObject(subscription) : subscription, created, previous);

/**
 * Sends a change's events the way Stripe's webhooks would reach the portal, but durably: a job
 * written in the change's own transaction carries them (a crash after the commit loses none),
 * and right after the commit they are delivered at once, in order, so the customer's next page
 * already shows the result. The job then delivers them again, harmlessly: the receiver applies
 * an event id once.
 */
export async function emitTestEvents(tx: Tx, deps: TestModeDeps, events: PaymentEvent[]): Promise<void> {
  await stampEventClock(tx, events);
  // The delay leaves the immediate delivery to finish first; the job is the safety net.
  await deps.jobs.send<TestEventDelivery>(TEST_EVENT_DELIVERY_QUEUE, { events }, {
    tx, startAfterSeconds: 10, retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true,
  });
  tx.afterCommit(async () => {
    for (const event of events) {
      try {
        await deps.deliver(event);
      } catch (error) {
        // Later events may depend on this one: the job delivers them all, in order, again.
        deps.log.error({ err: error, eventId: event.id, eventType: event.type }, 'test-mode event delivery failed; the job retries');
        return;
      }
    }
  });
}

/**
 * Stripe's event clock counts seconds, so two changes of one object within a second look
 * simultaneous and the receiver must re-read the object later. A person clicking through the
 * test portal does that all the time; the test provider therefore gives each change a clock
 * strictly after the previous change's (at most a few seconds ahead of real time), so its
 * events order themselves and the next page already shows the result.
 */
async function stampEventClock(tx: Tx, events: PaymentEvent[]): Promise<void> {
  const last = await readTestObject<{ at: number }>(tx.db, 'event_clock', 'event_clock');
  const at = Math.max(...events.map((event) => event.created), (last?.at ?? 0) + 1);
  for (const event of events) event.created = at;
  await writeTestObject(tx.db, 'event_clock', 'event_clock', { at });
}

/** The job's worker: every event in order; a failure fails the job, which is retried. */
export function testEventDeliveryWorker(deps: Pick<TestModeDeps, 'deliver'>): JobHandler<TestEventDelivery> {
  return async ({ events }) => {
    for (const event of events) await deps.deliver(event);
  };
}
