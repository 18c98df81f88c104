import type { Services } from '../../../rpc/context.ts';
import { TEST_EVENT_DELIVERY_QUEUE, type TestEventDelivery, testEventDeliveryWorker, testModeDeps } from './testEvents.ts';
import { epochNow } from './testObjects.ts';
import { runTestRenewals, TEST_RENEWAL_CRON, TEST_RENEWAL_QUEUE } from './testRenewals.ts';

/**
 * The test-mode provider's own jobs: its event deliveries, and its hourly renewals. Registered in
 * every mode, so that jobs a test-mode installation left behind (its schedule stays in the
 * database) are drained after a switch to Stripe, doing nothing: test objects never reach a
 * Stripe-mode portal.
 */
export async function registerTestModeWorkers(services: Services): Promise<void> {
  const deps = testModeDeps(services);
  const testMode = services.payments.mode === 'test';
  await services.jobs.work<TestEventDelivery>(TEST_EVENT_DELIVERY_QUEUE, testMode ? testEventDeliveryWorker(deps) : async () => {});
  await services.jobs.work(TEST_RENEWAL_QUEUE, async () => {
    if (!testMode) return;
    const run = await runTestRenewals(deps, epochNow(services.clock));
    if (run.renewed || run.ended || run.expiredCheckouts) services.log.info(run, 'test-mode renewals');
  });
  if (testMode) await services.jobs.schedule(TEST_RENEWAL_QUEUE, TEST_RENEWAL_CRON, {});
}
