import type { Services } from '../../../rpc/context.ts';
import { TEST_EVENT_DELIVERY_QUEUE, type TestEventDelivery, testEventDeliveryWorker, testModeDeps } from './testEvents.ts';
import { epochNow } from './testObjects.ts';
import { runTestRenewals, TEST_RENEWAL_CRON, TEST_RENEWAL_QUEUE } from './testRenewals.ts';

/** The test-mode provider's own jobs: its event deliveries, and its hourly renewals. */
export async function registerTestModeWorkers(services: Services): Promise<void> {
  const deps = testModeDeps(services);
  await services.jobs.work<TestEventDelivery>(TEST_EVENT_DELIVERY_QUEUE, testEventDeliveryWorker(deps));
  await services.jobs.work(TEST_RENEWAL_QUEUE, async () => {
    const run = await runTestRenewals(deps, epochNow());
    if (run.renewed || run.ended || run.expiredCheckouts) services.log.info(run, 'test-mode renewals');
  });
  await services.jobs.schedule(TEST_RENEWAL_QUEUE, TEST_RENEWAL_CRON, {});
}
