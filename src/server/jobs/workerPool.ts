import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobStore } from './jobStore.ts';
import type { BackgroundLoop, JobHandler, WorkOptions } from './queue.ts';

export interface WorkerPoolOptions {
  store: JobStore;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How often an idle pool looks for work, time-outs and due schedules (real time). */
  pollMs: number;
  /** How long stop() waits for running jobs before handing them back (by `now`). */
  stopTimeoutMs: number;
  /** How often expired leases are looked for (by `now`), when the store leaves that to the pool. */
  expireCheckMs: number;
  /** Other periodic work of the queue (due schedules). */
  onTick?: () => Promise<void>;
  /** Told after each full pass (claims, time-outs, leases): a test waits for passes, not for time. */
  afterPass?: () => void;
}

interface Running {
  job: ClaimedJob;
  startedAt: number;
  controller: AbortController;
  /** Set once this process has reported the outcome or given the job up; later outcomes are dropped. */
  done: boolean;
}

interface Worker {
  handler: JobHandler<any>;
  concurrency: number;
  running: Set<Running>;
}

/**
 * The claim-run-report loop both queues share: up to `concurrency` jobs per queue in flight,
 * each attempt timed out by the clock, expired leases of dead workers turned into failed
 * attempts (unless the store's engine does that itself), and a graceful stop that hands
 * unfinished jobs back.
 */
export function createWorkerPool(options: WorkerPoolOptions) {
  const { store, log, now } = options;
  const workers = new Map<string, Worker>();
  const loops: BackgroundLoop[] = [];
  const writes = new Set<Promise<unknown>>();
  let active = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let again = false;
  let lastExpireCheck = Number.NEGATIVE_INFINITY;

  /** Store writes are tracked so stop() returns only once the outcomes are recorded. */
  function track<T>(write: Promise<T>): Promise<T | undefined> {
    const tracked = write.catch((error) => {
      log.error({ err: error }, 'job store write failed');
      return undefined;
    });
    writes.add(tracked);
    void tracked.finally(() => writes.delete(tracked));
    return tracked;
  }

  function failAttempt(job: ClaimedJob, error: string) {
    log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempt, willRetry: job.attempt <= job.retryLimit, error }, 'job failed');
    return track(store.fail(job, error));
  }

  function finish(worker: Worker, entry: Running, error: unknown | null) {
    if (entry.done) {
      log.warn({ jobId: entry.job.id, queue: entry.job.queue, attempt: entry.job.attempt }, 'job outcome after time-out or hand-back dropped');
      return;
    }
    entry.done = true;
    worker.running.delete(entry);
    const write = error === null
      ? track(store.complete(entry.job))
      : failAttempt(entry.job, String(error instanceof Error ? error.message : error).slice(0, 2000));
    void write.then((held) => {
      if (held === false) log.warn({ jobId: entry.job.id, queue: entry.job.queue, attempt: entry.job.attempt }, 'job claim lost before its outcome was recorded');
      kick();
    });
  }

  function run(worker: Worker, job: ClaimedJob) {
    const entry: Running = { job, startedAt: now().getTime(), controller: new AbortController(), done: false };
    worker.running.add(entry);
    Promise.resolve()
      .then(() => worker.handler(job.payload, { id: job.id, attempt: job.attempt, signal: entry.controller.signal }))
      .then(() => finish(worker, entry, null), (error) => finish(worker, entry, error ?? 'job failed'));
  }

  function timeOutOverdue(worker: Worker, at: number) {
    for (const entry of worker.running) {
      if (at - entry.startedAt < entry.job.timeoutSeconds * 1000) continue;
      entry.done = true;
      worker.running.delete(entry);
      entry.controller.abort(new Error('job timed out'));
      void failAttempt(entry.job, `timed out after ${entry.job.timeoutSeconds} s`);
    }
  }

  async function expireLeases(at: number) {
    if (!store.expired || at - lastExpireCheck < options.expireCheckMs || workers.size === 0) return;
    lastExpireCheck = at;
    for (const job of await store.expired([...workers.keys()])) {
      await failAttempt(job, `lease expired after ${job.timeoutSeconds} s (worker gone or stuck)`);
    }
  }

  /** One step failing (a schedule, a queue) must not starve the others. */
  async function step(what: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, `job loop: ${what} failed`);
    }
  }

  async function tick() {
    if (options.onTick) await step('periodic work', options.onTick);
    const at = now().getTime();
    // Our own overdue attempts first, so the lease check below finds only other workers' jobs.
    for (const worker of workers.values()) timeOutOverdue(worker, at);
    await step('lease expiry', () => expireLeases(at));
    for (const [name, worker] of workers) {
      const free = worker.concurrency - worker.running.size;
      if (free <= 0 || !active) continue;
      await step(`claim on ${name}`, async () => {
        for (const job of await store.claim(name, free)) run(worker, job);
      });
    }
  }

  function kick() {
    if (!active) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = (async () => {
      do {
        again = false;
        await tick();
        options.afterPass?.();
      } while (again && active);
    })().finally(() => {
      ticking = null;
    });
  }

  const inFlight = () => [...workers.values()].flatMap((w) => [...w.running].map((entry) => ({ worker: w, entry })));

  return {
    kick,
    register(queue: string, handler: JobHandler<any>, workOptions: WorkOptions = {}) {
      const concurrency = workOptions.concurrency ?? 1;
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a whole number of at least 1');
      workers.set(queue, { handler, concurrency, running: workers.get(queue)?.running ?? new Set() });
      kick();
    },
    attach(loop: BackgroundLoop) {
      loops.push(loop);
      if (active) loop.start();
    },
    start() {
      if (active) return;
      active = true;
      timer = setInterval(kick, options.pollMs);
      timer.unref();
      for (const loop of loops) loop.start();
      kick();
    },
    async stop() {
      const wasActive = active;
      active = false;
      if (wasActive) await Promise.all(loops.map((loop) => loop.stop()));
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      const deadline = now().getTime() + options.stopTimeoutMs;
      while (inFlight().length && now().getTime() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollMs, 25)));
      }
      for (const { worker, entry } of inFlight()) {
        entry.done = true;
        worker.running.delete(entry);
        entry.controller.abort(new Error('queue stopped'));
        log.info({ jobId: entry.job.id, queue: entry.job.queue, attempt: entry.job.attempt }, 'running job handed back on stop');
        // pg-boss's public API has no un-counted hand-back; a failed attempt is atomic, so a
        // process killed right here still leaves the job running under its lease, never lost.
        void failAttempt(entry.job, 'queue stopped before the attempt finished');
      }
      while (writes.size) await Promise.all([...writes]);
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;
