import type { JobQueue } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { checkServer } from './connectionTest.ts';
import { listEnabledServerRows, storeHealth } from './repository.ts';

export const SERVER_HEALTH_QUEUE = 'hosting.server_health';
/** Hourly, at an odd minute so it does not join every job that starts on the hour. */
export const SERVER_HEALTH_CRON = '23 * * * *';

/**
 * Checks every enabled server with the same read-only call as Test Connection and stores what it
 * learnt on the server's row. One server failing is its own health, not the run's failure: the
 * next hour checks again.
 */
export async function checkEnabledServers(services: Services, signal?: AbortSignal): Promise<{ checked: number; failed: number }> {
  let failed = 0;
  const rows = await listEnabledServerRows(services.db);
  for (const row of rows) {
    if (signal?.aborted) break;
    const check = await checkServer(services, services.log, row, signal);
    await storeHealth(services.db, row.id, check.health);
    if (!check.success) failed += 1;
  }
  return { checked: rows.length, failed };
}

export async function registerServerHealthWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work(SERVER_HEALTH_QUEUE, async (_payload, job) => {
    const summary = await checkEnabledServers(services, job.signal);
    services.log.info({ ...summary }, 'hosting server health run');
  });
  await jobs.schedule(SERVER_HEALTH_QUEUE, SERVER_HEALTH_CRON, {});
}
