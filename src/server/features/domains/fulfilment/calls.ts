import { type DomainInfo, outcomeUnknown, type Registrar, RegistrarError } from '../../../integrations/registrars/registrar.ts';
import type { Services } from '../../../rpc/context.ts';
import { type CallFailure, failureOf, finishAttempt, startAttempt, type UnsettledCall } from './attempts.ts';
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
 * How long after an unclear call a supplier's "not found" still means "not yet": registrars
 * finish an order after their answer (or after our time-out) was lost, so the name can appear
 * in the account minutes later.
 */
export const PROCESSING_WINDOW_MS = 30 * 60_000;
/** How long an outcome may stay unknown before the order goes to an operator (every answer is in its attempts). */
export const OUTCOME_UNKNOWN_LIMIT_MS = 48 * 3_600_000;

/**
 * Whether a supplier's "not found" answers the unclear call `about` with no: only once the
 * supplier had time to finish it (PROCESSING_WINDOW_MS after the call began), and never for an
 * order it said it accepted and finishes later ('pending'): the registry may take days, and only
 * the name appearing settles it (or an operator, once the order is parked). Without an unclear
 * call (a refusal, or nothing sent) "not found" is a no at once.
 */
export function notFoundMeansNo(about: UnsettledCall | null, now: Date): boolean {
  if (!about) return true;
  if (about.pending) return false;
  return now.getTime() - Date.parse(about.since) >= PROCESSING_WINDOW_MS;
}

/**
 * The run must not go on yet, and nothing may be sent elsewhere. `recheck`: a supplier's outcome
 * is unknown, so the job asks again later with a growing delay (job.ts) until it knows or the
 * limit parks the order; otherwise (the run's time is up, another run holds the order) the job's
 * own retry runs it again, and that run starts by asking too.
 */
export class FulfilmentDeferred extends Error {
  readonly recheck: boolean;
  constructor(message: string, options: { recheck?: boolean } = {}) {
    super(message);
    this.name = 'FulfilmentDeferred';
    this.recheck = options.recheck ?? true;
  }
}

export function registrarFor(services: Services, supplierId: string): Registrar | undefined {
  return services.registrars.find((registrar) => registrar.id === supplierId);
}

export function stopIfAborted(run: FulfilRun): void {
  if (run.signal?.aborted) throw new FulfilmentDeferred(`The job for order ${run.order.id} was stopped; its next attempt asks the suppliers first.`, { recheck: false });
}

function logFailure(run: FulfilRun, supplierId: string, command: string, error: unknown): void {
  const facts = { orderId: run.order.id, domain: run.order.domain, supplierId, command };
  if (error instanceof RegistrarError) run.services.log.warn({ ...facts, kind: error.kind, message: error.message }, 'registrar refused a domain order call');
  else run.services.log.error({ ...facts, err: error }, 'registrar call failed unexpectedly');
}

/**
 * A registration that stands although settings asked after it (nameservers, privacy, the
 * registrar's own renew option) were refused: kept on the attempt for the order desk, since the
 * order completes; the nightly portfolio sync turns a renew option left on off again.
 */
function followUpNote(value: unknown): string | null {
  const errors = (value as { followUpErrors?: unknown } | null)?.followUpErrors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return `Registered, but the supplier refused what followed: ${errors.join(' ')}`;
}

export type CallOutcome<T> = { ok: true; value: T } | { ok: false; failure: CallFailure };

/** One register or renew call, recorded before (so a crash leaves a trace) and after. */
export async function callSupplier<T>(run: FulfilRun, supplierId: string, operation: 'register' | 'renew', call: () => Promise<T>): Promise<CallOutcome<T>> {
  const attempt = await startAttempt(run.services, { orderId: run.order.id, supplierId, operation });
  try {
    const value = await call();
    await finishAttempt(run.services, attempt, 'succeeded', followUpNote(value));
    return { ok: true, value };
  } catch (error) {
    logFailure(run, supplierId, operation, error);
    const failure = failureOf(error);
    await finishAttempt(run.services, attempt, outcomeUnknown(failure.kind) ? 'unknown' : 'failed', failure.reason);
    return { ok: false, failure };
  }
}

export type SupplierAnswer = { answer: 'yes'; info: DomainInfo } | { answer: 'no' } | { answer: 'unknown' };

/** What the supplier's answer says about the call: `unknown` when it neither holds nor clearly lacks it (a name still pending there). */
export interface Verdict {
  yes: boolean;
  unknown?: boolean;
  reason: string;
}

/**
 * Whether an earlier register or renew call went through, asked with getInfo and recorded as a
 * 'check' attempt: 'succeeded' yes, 'failed' no, 'unknown' when the supplier could not say.
 * `wentThrough` reads the supplier's answer. A 'not_found' answer is a no only as
 * notFoundMeansNo says for the unclear call `about`; any other error leaves it unknown.
 */
export async function askSupplier(
  run: FulfilRun, supplierId: string, registrar: Registrar,
  wentThrough: (info: DomainInfo) => Verdict, about: UnsettledCall | null = null,
): Promise<SupplierAnswer> {
  const attempt = await startAttempt(run.services, { orderId: run.order.id, supplierId, operation: 'check' });
  let info: DomainInfo;
  try {
    info = await registrar.getInfo(run.order.domain, { signal: run.signal });
  } catch (error) {
    logFailure(run, supplierId, 'check', error);
    const { reason } = failureOf(error);
    if (error instanceof RegistrarError && error.kind === 'not_found') {
      if (notFoundMeansNo(about, run.services.clock.now())) {
        await finishAttempt(run.services, attempt, 'failed', reason);
        return { answer: 'no' };
      }
      const why = about?.pending ? 'it said it accepted the order and finishes it later' : 'it may still be processing it';
      await finishAttempt(run.services, attempt, 'unknown', `${reason} Too soon after our call of ${about!.since} to mean no: ${why}.`);
      return { answer: 'unknown' };
    }
    await finishAttempt(run.services, attempt, 'unknown', reason);
    return { answer: 'unknown' };
  }
  const verdict = wentThrough(info);
  await finishAttempt(run.services, attempt, verdict.yes ? 'succeeded' : verdict.unknown ? 'unknown' : 'failed', verdict.reason);
  if (verdict.yes) return { answer: 'yes', info };
  return verdict.unknown ? { answer: 'unknown' } : { answer: 'no' };
}
