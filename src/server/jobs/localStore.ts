import type { Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../db/schema.ts';
import { retryDelayAfter } from './jobPolicy.ts';
import type { ClaimedJob, JobStore } from './jobStore.ts';
import type { QueueStats } from './queue.ts';

const WAITING = ['created', 'retry'] as const;

/**
 * The embedded queue's jobs table. A claim is one UPDATE ... RETURNING whose WHERE repeats the
 * waiting states, so two claimers (PostgreSQL in tests, several pools) never take one job; all
 * times come from the queue's clock.
 */
export function createLocalStore(db: Kysely<Database>, now: () => Date): JobStore {
  const iso = (offsetSeconds = 0) => new Date(now().getTime() + offsetSeconds * 1000).toISOString();
  const claimed = (job: ClaimedJob) => db.updateTable('jobs')
    .where('id', '=', job.id).where('state', '=', 'active').where('attempts', '=', job.attempt);
  const held = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

  return {
    async claim(queue, limit) {
      const at = iso();
      const rows = await db.updateTable('jobs')
        .set((eb) => ({ state: 'active', attempts: eb('attempts', '+', 1), started_at: at }))
        .where('id', 'in', (eb) => eb.selectFrom('jobs').select('id')
          .where('queue', '=', queue).where('state', 'in', WAITING).where('run_at', '<=', at)
          .orderBy('run_at').orderBy('id').limit(limit))
        .where('state', 'in', WAITING)
        .returningAll()
        .execute();
      return rows.map(toClaimed);
    },
    async complete(job) {
      return held(await claimed(job).set({ state: 'completed', completed_at: iso(), last_error: null }).executeTakeFirst());
    },
    async fail(job, error) {
      const retryInSeconds = retryDelayAfter(job, job.attempt);
      const outcome = retryInSeconds === null
        ? { state: 'failed' as const, completed_at: iso() }
        : { state: 'retry' as const, run_at: iso(retryInSeconds) };
      return held(await claimed(job).set({ ...outcome, last_error: error }).executeTakeFirst());
    },
    async expired(queues) {
      if (!queues.length) return [];
      const at = now().getTime();
      const running = await db.selectFrom('jobs').selectAll().where('queue', 'in', queues).where('state', '=', 'active').execute();
      return running
        .filter((row) => !row.started_at || Date.parse(row.started_at) + row.timeout_seconds * 1000 <= at)
        .map(toClaimed);
    },
    async stats() {
      const at = iso();
      const [counts, due] = await Promise.all([
        db.selectFrom('jobs').select(['queue', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('state', 'in', [...WAITING, 'active', 'failed']).groupBy(['queue', 'state']).execute(),
        db.selectFrom('jobs').select(['queue', (eb) => eb.fn.min('run_at').as('oldest')])
          .where('state', 'in', WAITING).where('run_at', '<=', at).groupBy('queue').execute(),
      ]);
      const byQueue = new Map<string, QueueStats>();
      const entry = (queue: string) => {
        let stats = byQueue.get(queue);
        if (!stats) byQueue.set(queue, stats = { queue, waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: null });
        return stats;
      };
      for (const row of counts) {
        const stats = entry(row.queue);
        const n = Number(row.n);
        if (row.state === 'active') stats.running += n;
        else if (row.state === 'failed') stats.failed += n;
        else stats.waiting += n;
      }
      for (const row of due) {
        entry(row.queue).oldestWaitingSeconds = Math.max(0, Math.floor((now().getTime() - Date.parse(String(row.oldest))) / 1000));
      }
      return [...byQueue.values()].sort((a, b) => a.queue.localeCompare(b.queue));
    },
  };
}

function toClaimed(row: Selectable<JobsTable>): ClaimedJob {
  return {
    id: row.id, queue: row.queue, payload: JSON.parse(row.payload), attempt: row.attempts,
    retryLimit: row.retry_limit, retryDelaySeconds: row.retry_delay_seconds, retryBackoff: row.retry_backoff,
    timeoutSeconds: row.timeout_seconds,
  };
}
