import type { JobAttempt, PgBoss } from 'pg-boss';
import type { ClaimedJob, JobStore } from './jobStore.ts';

/** What pg-boss's complete and fail report; the shipped typings leave the object empty. */
interface Settled {
  affected?: number;
}

/**
 * Jobs in pg-boss, through its public API only. A claim is pg-boss's fetch; complete and fail
 * pass the job as a JobAttempt (id and the retryCount it was fetched at), which pg-boss applies
 * only while that attempt is still the running one: after an expiry and a retry elsewhere they
 * change nothing and report no job affected. Retries, their delays and lease expiry are
 * pg-boss's own (retryLimit, retryDelay, retryBackoff, expireInSeconds and its supervisor).
 */
export function createPgBossStore(boss: PgBoss): JobStore {
  const attemptOf = (job: ClaimedJob): JobAttempt => ({ id: job.id, retryCount: job.attempt - 1 });
  const held = (result: unknown) => (result as Settled).affected === 1;

  return {
    async claim(queue, limit) {
      const jobs = await boss.fetch<unknown>(queue, { batchSize: limit, includeMetadata: true });
      return jobs.map((job) => ({
        id: job.id, queue, payload: job.data, attempt: job.retryCount + 1,
        retryLimit: job.retryLimit, retryDelaySeconds: job.retryDelay, retryBackoff: job.retryBackoff,
        timeoutSeconds: job.expireInSeconds,
      }));
    },
    async complete(job) {
      return held(await boss.complete(job.queue, attemptOf(job)));
    },
    async fail(job, error) {
      return held(await boss.fail(job.queue, attemptOf(job), { message: error }));
    },
    async stats() {
      // getQueues pages at 1,000 queues; this app has a few dozen.
      const queues = await boss.getQueues();
      return queues.map((q) => ({
        queue: q.name,
        waiting: Number(q.queuedCount),
        running: Number(q.activeCount),
        failed: Number(q.failedCount),
        oldestWaitingSeconds: q.readyOldestSeconds === null || q.readyOldestSeconds === undefined ? null : Number(q.readyOldestSeconds),
      })).sort((a, b) => a.queue.localeCompare(b.queue));
    },
  };
}
