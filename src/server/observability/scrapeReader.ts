import type { FastifyBaseLogger } from 'fastify';
import client from 'prom-client';

/** A scrape waits this long for a reading from the database; Prometheus's own scrape time-out is 10 s by default. */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;

export interface ScrapeReaderOptions {
  /** The collector's name in `portal_metrics_collector_up` and in the log line. */
  name: string;
  timeoutMs?: number;
  log: FastifyBaseLogger;
  /** The per-app registry `portal_metrics_collector_up` lives in. */
  registry: client.Registry;
}

const TIMED_OUT = Symbol('timed out');
/** Per registry: its collector_up gauge, and the readers it waits for before it reports. */
const upGauges = new WeakMap<client.Registry, { gauge: client.Gauge; readers: Array<() => Promise<unknown>> }>();

function collectorUp(registry: client.Registry) {
  let entry = upGauges.get(registry);
  if (!entry) {
    const readers: Array<() => Promise<unknown>> = [];
    const gauge = new client.Gauge({
      name: 'portal_metrics_collector_up',
      help: '1 when the collector answered within the scrape time-box, 0 when its metrics are missing from this scrape.',
      labelNames: ['collector'],
      registers: [registry],
      // Reported after this scrape's readings (shared with the gauges that show them, so no second query).
      async collect() {
        await Promise.all(readers.map((read) => read()));
      },
    });
    entry = { gauge, readers };
    upGauges.set(registry, entry);
  }
  return entry;
}

/**
 * Wraps a reading taken at scrape time so that a slow or failing database leaves that
 * collector's metrics out of one scrape instead of failing `/metrics` as a whole: the scrape
 * waits at most `timeoutMs`, the gauges that share the reading share one query (concurrent
 * callers get the one in flight, and a query still running when the next scrape comes is not
 * started again), and the problem is logged once until a reading succeeds again.
 */
export function timeBoxedReader<T>(read: () => Promise<T>, options: ScrapeReaderOptions): () => Promise<T | null> {
  const timeoutMs = options.timeoutMs ?? SCRAPE_READ_TIMEOUT_MS;
  const { gauge: up, readers } = collectorUp(options.registry);
  let inFlight: Promise<T> | null = null;
  let reported = false;
  const problem = (message: string, error?: unknown) => {
    up.set({ collector: options.name }, 0);
    if (reported) return;
    reported = true;
    options.log.warn({ collector: options.name, ...(error === undefined ? {} : { err: error }) }, message);
  };

  const reader = async (): Promise<T | null> => {
    if (!inFlight) {
      const started = read();
      inFlight = started;
      started.then(() => undefined, () => undefined).finally(() => {
        if (inFlight === started) inFlight = null;
      });
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
      timer.unref();
    });
    try {
      const outcome = await Promise.race([inFlight, timedOut]);
      if (outcome === TIMED_OUT) {
        problem(`metrics collector did not answer within ${timeoutMs} ms; its metrics are left out of scrapes until it does`);
        return null;
      }
      up.set({ collector: options.name }, 1);
      reported = false;
      return outcome;
    } catch (error) {
      problem('metrics collector failed; its metrics are left out of scrapes until it answers', error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  readers.push(reader);
  return reader;
}
