import type { JobQueue } from '../../../jobs/queue.ts';
import type { Services } from '../../../rpc/context.ts';
import { listAttempts, unsettledCalls } from './attempts.ts';
import { FulfilmentDeferred, OUTCOME_UNKNOWN_LIMIT_MS } from './calls.ts';
import { fulfilLeaseHeld, releaseFulfilLease, takeFulfilLease } from './lease.ts';
import { parkForOperator } from './outcome.ts';
import { fulfilRegistration, type RegistrationOutcome } from './registration.ts';
import { fulfilRenewal } from './renewal.ts';
import { findOrder, type OrderRow } from '../orders/repository.ts';
import { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE, type FulfilOrderJob } from '../orders/queues.ts';

/** Orders executed at once by one process: each mostly waits on a registrar. */
const FULFIL_CONCURRENCY = 4;

/** The delay before asking a supplier again about an unknown outcome doubles from the first to the last, then stays. */
export const RECHECK_FIRST_SECONDS = 60;
export const RECHECK_MAX_SECONDS = 2 * 3600;

export interface FulfilOptions {
  /** Aborts the registrar call in flight (the job's time-out); the run then stops and is retried. */
  signal?: AbortSignal;
  /** The back office's retry may name the supplier to try first. */
  forceSupplierId?: string | null;
}

/**
 * 'skipped': the order was not processing (done, failed or cancelled already: a duplicate job is
 * harmless). 'parked': an outcome stayed unknown for OUTCOME_UNKNOWN_LIMIT_MS; an operator takes over.
 */
export type FulfilOutcome = RegistrationOutcome | 'skipped' | 'parked';

/** Whether the oldest unsettled call of the order is older than the limit. */
async function unknownTooLong(services: Services, order: OrderRow): Promise<boolean> {
  const open = unsettledCalls(await listAttempts(services.db, order.id), order.kind === 'renewal' ? 'renew' : 'register');
  const oldest = Math.min(...open.map((call) => Date.parse(call.since)));
  return open.length > 0 && services.clock.now().getTime() - oldest >= OUTCOME_UNKNOWN_LIMIT_MS;
}

/**
 * Executes a processing order at the suppliers: registers or renews, then completes or fails the
 * order. Safe to run again at any point (a retry, a duplicate job, the back office): it asks the
 * suppliers about calls an earlier run may have made before sending anything, and holds a lease on
 * the order while it runs. Throws FulfilmentDeferred when it must not go on yet (a supplier could
 * not say; the time is up; another run holds the order); once a supplier has not been able to say
 * for OUTCOME_UNKNOWN_LIMIT_MS, parks the order for an operator instead.
 */
export async function fulfilOrder(services: Services, orderId: string, options: FulfilOptions = {}): Promise<FulfilOutcome> {
  const order = await findOrder(services.db, orderId);
  if (!order || order.status !== 'processing') return 'skipped';
  const lease = await takeFulfilLease(services, orderId);
  if (!lease) throw new FulfilmentDeferred(`Another run is executing order ${orderId}.`, { recheck: false });
  try {
    const run = { services, order, signal: options.signal };
    return await (order.kind === 'renewal' ? fulfilRenewal(run) : fulfilRegistration(run, options.forceSupplierId ?? null));
  } catch (error) {
    if (!(error instanceof FulfilmentDeferred) || !error.recheck || !await unknownTooLong(services, order)) throw error;
    services.log.error({ orderId, reason: error.message }, 'a registrar outcome stayed unknown past the limit; the order goes to an operator');
    return await parkForOperator(services, order) ? 'parked' : 'not_processing';
  } finally {
    await releaseFulfilLease(services.db, orderId, lease);
  }
}

/**
 * The next look at an order whose outcome is unknown: the same job, later, with a delay that
 * grows with the checks already made. Its key names that count, so a deferral (which always
 * records a check first) never collides with the job running it, and two jobs that reach the same
 * point make one.
 */
async function scheduleRecheck(jobs: JobQueue, services: Services, payload: FulfilOrderJob): Promise<void> {
  const checks = (await listAttempts(services.db, payload.orderId)).filter((a) => a.operation === 'check').length;
  const delay = Math.min(RECHECK_FIRST_SECONDS * 2 ** Math.max(0, checks - 1), RECHECK_MAX_SECONDS);
  await jobs.send(FULFIL_ORDER_QUEUE, payload, {
    ...FULFIL_ORDER_JOB_OPTIONS, singletonKey: `${payload.orderId}:recheck:${checks}`, startAfterSeconds: delay,
  });
}

/** The registration job: executes a processing order at the suppliers (FULFIL_ORDER_QUEUE). */
export async function registerFulfilmentWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work<FulfilOrderJob>(FULFIL_ORDER_QUEUE, async (payload, job) => {
    try {
      await fulfilOrder(services, payload.orderId, { signal: job.signal, forceSupplierId: payload.forceSupplierId });
    } catch (error) {
      if (error instanceof FulfilmentDeferred && error.recheck) {
        services.log.warn({ orderId: payload.orderId, reason: error.message }, 'registrar outcome unknown; asking again later');
        await scheduleRecheck(jobs, services, payload);
        return;
      }
      if (job.attempt <= FULFIL_ORDER_JOB_OPTIONS.retryLimit) throw error;
      // Another run still executes it: that run ends it, and an order is never parked under a call in flight.
      if (await fulfilLeaseHeld(services.db, payload.orderId, services.clock.now())) return;
      // The last attempt: rather than leave the order processing for ever, an operator takes over.
      services.log.error({ err: error, orderId: payload.orderId }, 'domain order job gave up; the order needs an operator');
      const order = await findOrder(services.db, payload.orderId);
      if (order) await parkForOperator(services, order);
    }
  }, { concurrency: FULFIL_CONCURRENCY });
}
