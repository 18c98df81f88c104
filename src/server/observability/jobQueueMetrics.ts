import client from 'prom-client';
import type { QueueStats } from '../jobs/queue.ts';
import { type ScrapeReaderOptions, timeBoxedReader } from './scrapeReader.ts';

export type QueueStatsSource = () => Promise<QueueStats[]>;

/**
 * Job queue depth, age and failures per queue, read from the job store at scrape time (every
 * instance shows the same figures: they are the shared store's, not the process's). Queue names
 * are the code's own, so the label set is bounded.
 */
export function registerJobQueueMetrics(source: QueueStatsSource, options: Omit<ScrapeReaderOptions, 'name'>): void {
  const read = timeBoxedReader(source, { ...options, name: 'job_queues' });
  const gauge = (name: string, help: string, value: (q: QueueStats) => number | null) => new client.Gauge({
    name, help, labelNames: ['queue'], registers: [options.registry],
    async collect() {
      const queues = await read();
      this.reset();
      for (const q of queues ?? []) {
        const v = value(q);
        if (v !== null) this.set({ queue: q.queue }, v);
      }
    },
  });
  gauge('portal_job_queue_waiting', 'Jobs waiting to run, per queue (created or waiting for a retry, due or not yet).', (q) => q.waiting);
  gauge('portal_job_queue_running', 'Jobs running now, per queue.', (q) => q.running);
  gauge('portal_job_queue_failed', 'Jobs that failed for good (retries spent) and are kept by the store, per queue.', (q) => q.failed);
  gauge('portal_job_queue_oldest_waiting_seconds', 'How long the longest-waiting due job has been due, per queue; absent when none is due.',
    (q) => q.oldestWaitingSeconds);
}
