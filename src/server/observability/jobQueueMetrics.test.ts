import type { FastifyBaseLogger } from 'fastify';
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parseSamples, samplesOf, valueOf } from '../../../test/support/prometheusText.ts';
import type { QueueStats } from '../jobs/queue.ts';
import { registerJobQueueMetrics } from './jobQueueMetrics.ts';

function recordingLog() {
  const warnings: string[] = [];
  const log = { warn: (_fields: object, message: string) => { warnings.push(message); } } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('job queue metrics', () => {
  it('shows depth, running, failures and the oldest wait per queue, as the source counts them at scrape time', async () => {
    const registry = new client.Registry();
    let stats: QueueStats[] = [
      { queue: 'domain-fulfilment', waiting: 4, running: 1, failed: 2, oldestWaitingSeconds: 93.5 },
      { queue: 'mail-delivery', waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: null },
    ];
    registerJobQueueMetrics(async () => stats, { registry, log: recordingLog().log });

    const first = parseSamples(await registry.metrics());
    expect(valueOf(first, 'portal_job_queue_waiting', { queue: 'domain-fulfilment' })).toBe(4);
    expect(valueOf(first, 'portal_job_queue_running', { queue: 'domain-fulfilment' })).toBe(1);
    expect(valueOf(first, 'portal_job_queue_failed', { queue: 'domain-fulfilment' })).toBe(2);
    expect(valueOf(first, 'portal_job_queue_oldest_waiting_seconds', { queue: 'domain-fulfilment' })).toBe(93.5);
    expect(valueOf(first, 'portal_job_queue_waiting', { queue: 'mail-delivery' })).toBe(0);
    // Nothing waits: no age at all rather than a made-up zero.
    expect(valueOf(first, 'portal_job_queue_oldest_waiting_seconds', { queue: 'mail-delivery' })).toBeUndefined();
    expect(valueOf(first, 'portal_metrics_collector_up', { collector: 'job_queues' })).toBe(1);

    // Each scrape reads afresh: a queue the source no longer names leaves the output.
    stats = [{ queue: 'mail-delivery', waiting: 7, running: 2, failed: 1, oldestWaitingSeconds: 12 }];
    const second = parseSamples(await registry.metrics());
    expect(samplesOf(second, 'portal_job_queue_waiting', { queue: 'domain-fulfilment' })).toEqual([]);
    expect(valueOf(second, 'portal_job_queue_waiting', { queue: 'mail-delivery' })).toBe(7);
    expect(valueOf(second, 'portal_job_queue_oldest_waiting_seconds', { queue: 'mail-delivery' })).toBe(12);
  });

  it('a source that does not answer in time leaves its gauges out of the scrape, not the scrape itself, and is logged once', async () => {
    const registry = new client.Registry();
    const other = new client.Gauge({ name: 'other_metric', help: 'Another collector in the same registry.', registers: [registry] });
    other.set(5);
    const { log, warnings } = recordingLog();
    let calls = 0;
    let answer: QueueStats[] | null = null;
    let release: (stats: QueueStats[]) => void = () => {};
    // Hangs until the test answers, as a database stuck behind a lock would.
    const source = () => {
      calls += 1;
      return answer ? Promise.resolve(answer) : new Promise<QueueStats[]>((resolve) => { release = resolve; });
    };
    registerJobQueueMetrics(source, { registry, log, timeoutMs: 20 });

    for (let scrape = 0; scrape < 2; scrape++) {
      const samples = parseSamples(await registry.metrics());
      expect(valueOf(samples, 'other_metric')).toBe(5);
      expect(samplesOf(samples, 'portal_job_queue_waiting')).toEqual([]);
      expect(valueOf(samples, 'portal_metrics_collector_up', { collector: 'job_queues' })).toBe(0);
    }
    // The four gauges share one reading, and the one still running is not started again.
    expect(calls).toBe(1);
    expect(warnings).toHaveLength(1);

    answer = [{ queue: 'webhooks', waiting: 3, running: 0, failed: 0, oldestWaitingSeconds: 1 }];
    release(answer);
    const samples = parseSamples(await registry.metrics());
    expect(valueOf(samples, 'portal_job_queue_waiting', { queue: 'webhooks' })).toBe(3);
    expect(valueOf(samples, 'portal_metrics_collector_up', { collector: 'job_queues' })).toBe(1);
  });

  it('a source that fails leaves its gauges out and says so, and recovers at the next good reading', async () => {
    const registry = new client.Registry();
    const { log, warnings } = recordingLog();
    let failing = true;
    registerJobQueueMetrics(async () => {
      if (failing) throw new Error('connection terminated');
      return [{ queue: 'domain-expiry', waiting: 1, running: 0, failed: 0, oldestWaitingSeconds: 5 }];
    }, { registry, log });

    const failed = parseSamples(await registry.metrics());
    expect(samplesOf(failed, 'portal_job_queue_waiting')).toEqual([]);
    expect(valueOf(failed, 'portal_metrics_collector_up', { collector: 'job_queues' })).toBe(0);
    await registry.metrics();
    expect(warnings).toHaveLength(1);

    failing = false;
    const recovered = parseSamples(await registry.metrics());
    expect(valueOf(recovered, 'portal_job_queue_waiting', { queue: 'domain-expiry' })).toBe(1);
    expect(valueOf(recovered, 'portal_metrics_collector_up', { collector: 'job_queues' })).toBe(1);
  });
});
