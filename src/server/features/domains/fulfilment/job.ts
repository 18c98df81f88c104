import type { JobQueue } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { parkForOperator } from './outcome.ts';
import { fulfilRegistration, type RegistrationOutcome } from './registration.ts';
import { fulfilRenewal } from './renewal.ts';
import { findOrder } from '../orders/repository.ts';
import { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE, type FulfilOrderJob } from '../orders/queues.ts';

/** Orders executed at once by one process: each mostly waits on a registrar. */
const FULFIL_CONCURRENCY = 4;

export interface FulfilOptions {
  /** Aborts the registrar call in flight (the job's time-out); the run then stops and is retried. */
  signal?: AbortSignal;
  /** The back office's retry may name the supplier to try first. */
  forceSupplierId?: string | null;
}

/** 'skipped': the order was not processing (done, failed or cancelled already: a duplicate job is harmless). */
export type FulfilOutcome = RegistrationOutcome | 'skipped';

/**
 * Executes a processing order at the suppliers: registers or renews, then completes or fails the
 * order. Safe to run again at any point (a retry, a duplicate job, the back office): it asks the
 * suppliers about calls an earlier run may have made before sending anything. Throws
 * FulfilmentDeferred when it must not go on yet (a supplier could not say; the time is up).
 */
export async function fulfilOrder(services: Services, orderId: string, options: FulfilOptions = {}): Promise<FulfilOutcome> {
  const order = await findOrder(services.db, orderId);
  if (!order || order.status !== 'processing') return 'skipped';
  const run = { services, order, signal: options.signal };
  return order.kind === 'renewal' ? fulfilRenewal(run) : fulfilRegistration(run, options.forceSupplierId ?? null);
}

/** The registration job: executes a processing order at the suppliers (FULFIL_ORDER_QUEUE). */
export async function registerFulfilmentWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work<FulfilOrderJob>(FULFIL_ORDER_QUEUE, async (payload, job) => {
    try {
      await fulfilOrder(services, payload.orderId, { signal: job.signal, forceSupplierId: payload.forceSupplierId });
    } catch (error) {
      if (job.attempt <= FULFIL_ORDER_JOB_OPTIONS.retryLimit) throw error;
      // The last attempt: rather than leave the order processing for ever, an operator takes over.
      services.log.error({ err: error, orderId: payload.orderId }, 'domain order job gave up; the order needs an operator');
      const order = await findOrder(services.db, payload.orderId);
      if (order) await parkForOperator(services, order);
    }
  }, { concurrency: FULFIL_CONCURRENCY });
}
