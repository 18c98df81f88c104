import { inTransaction } from '../../../db/transaction.ts';
import { expireStaleTestCheckout } from './testCheckout.ts';
import type { TestModeDeps } from './testEvents.ts';
import { lockTestObject, type TestObjectKind, type TestSubscriptionRecord } from './testObjects.ts';
import { chargeTestRenewal, endTestSubscription } from './testSubscriptions.ts';

export const TEST_RENEWAL_QUEUE = 'payments.test-renewals';
/** Hourly, as Stripe's own clock would be seen from the portal: renewals are due at most an hour late. */
export const TEST_RENEWAL_CRON = '7 * * * *';

export interface RenewalRun {
  renewed: number;
  ended: number;
  expiredCheckouts: number;
}

/**
 * What Stripe does over time, done by the hourly job: a subscription whose period is over renews
 * (the card on file is charged) or, when it was set to cancel or its last renewal never got
 * paid, ends; a checkout left open for a day expires. Each object in a transaction of its own,
 * so one failure does not hold back the others.
 */
export async function runTestRenewals(deps: TestModeDeps, now: number): Promise<RenewalRun> {
  const run: RenewalRun = { renewed: 0, ended: 0, expiredCheckouts: 0 };
  for (const id of await candidates(deps, 'subscription', ['"status":"active"', '"status":"past_due"'])) {
    await guarded(deps, id, async () => inTransaction(deps.db, async (tx) => {
      const subscription = await lockTestObject<TestSubscriptionRecord>(tx.db, 'subscription', id);
      if (!subscription || !['active', 'past_due'].includes(subscription.status)) return;
      if (subscription.items.data[0].current_period_end > now) return;
      if (subscription.cancel_at_period_end || subscription.status === 'past_due') {
        await endTestSubscription(tx, deps, subscription, now);
        run.ended += 1;
      } else {
        await chargeTestRenewal(tx, deps, subscription, now);
        run.renewed += 1;
      }
    }, deps.log));
  }
  for (const id of await candidates(deps, 'checkout_session', ['"status":"open"'])) {
    await guarded(deps, id, async () => {
      if (await inTransaction(deps.db, (tx) => expireStaleTestCheckout(tx, deps, id, now), deps.log)) run.expiredCheckouts += 1;
    });
  }
  return run;
}

/**
 * Ids worth a look: the stored JSON is matched on the status text to skip the many finished
 * objects; each candidate is read again, locked, before anything changes.
 */
async function candidates(deps: TestModeDeps, kind: TestObjectKind, statuses: string[]): Promise<string[]> {
  const rows = await deps.db.selectFrom('test_payment_objects').select('id').where('kind', '=', kind)
    .where((eb) => eb.or(statuses.map((status) => eb('data', 'like', `%${status}%`))))
    .orderBy('created_at').execute();
  return rows.map((row) => row.id);
}

async function guarded(deps: TestModeDeps, id: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    deps.log.error({ err: error, objectId: id }, 'test-mode renewal failed; the next run tries again');
  }
}
