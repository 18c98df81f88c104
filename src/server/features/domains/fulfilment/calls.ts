import { type DomainInfo, type Registrar, RegistrarError } from '../../../integrations/registrars/registrar.ts';
import type { Services } from '../../../rpc/context.ts';
import { type CallFailure, failureOf, finishAttempt, startAttempt } from './attempts.ts';
import type { OrderRow } from '../orders/repository.ts';

/**
 * The registration job's calls to suppliers, each written down around the call: a 'started'
 * attempt before it, its outcome after it.
 */

export interface FulfilRun {
  services: Services;
  order: OrderRow;
  /** The job's: its time-out aborts the call in flight. */
  signal?: AbortSignal;
}

/**
 * The run cannot tell (yet) what happened at a supplier, or its time is up. Nothing may be sent
 * elsewhere: the job is retried later, and the retry starts by asking again.
 */
export class FulfilmentDeferred extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FulfilmentDeferred';
  }
}

export function registrarFor(services: Services, supplierId: string): Registrar | undefined {
  return services.registrars.find((registrar) => registrar.id === supplierId);
}

export function stopIfAborted(run: FulfilRun): void {
  if (run.signal?.aborted) throw new FulfilmentDeferred(`The job for order ${run.order.id} was stopped; its next attempt asks the suppliers first.`);
}

function logFailure(run: FulfilRun, supplierId: string, command: string, error: unknown): void {
  const facts = { orderId: run.order.id, domain: run.order.domain, supplierId, command };
  if (error instanceof RegistrarError) run.services.log.warn({ ...facts, kind: error.kind, message: error.message }, 'registrar refused a domain order call');
  else run.services.log.error({ ...facts, err: error }, 'registrar call failed unexpectedly');
}

export type CallOutcome<T> = { ok: true; value: T } | { ok: false; failure: CallFailure };

/** One register or renew call, recorded before (so a crash leaves a trace) and after. */
export async function callSupplier<T>(run: FulfilRun, supplierId: string, operation: 'register' | 'renew', call: () => Promise<T>): Promise<CallOutcome<T>> {
  const attempt = await startAttempt(run.services, { orderId: run.order.id, supplierId, operation });
  try {
    const value = await call();
    await finishAttempt(run.services, attempt, 'succeeded', null);
    return { ok: true, value };
  } catch (error) {
    logFailure(run, supplierId, operation, error);
    const failure = failureOf(error);
    await finishAttempt(run.services, attempt, 'failed', failure.reason);
    return { ok: false, failure };
  }
}

export type SupplierAnswer = { answer: 'yes'; info: DomainInfo } | { answer: 'no' } | { answer: 'unknown' };

/**
 * Whether an earlier register or renew call went through, asked with getInfo and recorded as a
 * 'check' attempt. `wentThrough` reads the supplier's answer; a 'not_found' answer is a no, any
 * other error leaves it unknown.
 */
export async function askSupplier(
  run: FulfilRun, supplierId: string, registrar: Registrar,
  wentThrough: (info: DomainInfo) => { yes: boolean; reason: string },
): Promise<SupplierAnswer> {
  const attempt = await startAttempt(run.services, { orderId: run.order.id, supplierId, operation: 'check' });
  let info: DomainInfo;
  try {
    info = await registrar.getInfo(run.order.domain, { signal: run.signal });
  } catch (error) {
    logFailure(run, supplierId, 'check', error);
    await finishAttempt(run.services, attempt, 'failed', failureOf(error).reason);
    return { answer: error instanceof RegistrarError && error.kind === 'not_found' ? 'no' : 'unknown' };
  }
  const verdict = wentThrough(info);
  await finishAttempt(run.services, attempt, verdict.yes ? 'succeeded' : 'failed', verdict.reason);
  return verdict.yes ? { answer: 'yes', info } : { answer: 'no' };
}
