import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DomainOrderAttemptsTable } from '../../../db/schema.ts';
import { RegistrarError, type RegistrarErrorKind } from '../../../integrations/registrars/registrar.ts';
import type { Services } from '../../../rpc/context.ts';

/**
 * `domain_order_attempts`: every call the registration job makes to a supplier for an order.
 * Each write is its own committed statement (never the caller's transaction): a 'started' row
 * must survive the process dying mid-call, since it is what tells the next run to ask the
 * supplier before calling again.
 */

export type AttemptOperation = DomainOrderAttemptsTable['operation'];

/** One key per order and supplier, stable across retries: registrars that take one answer a retry with the first result. */
export const idempotencyKeyOf = (orderId: string, supplierId: string) => `order:${orderId}:${supplierId}`;

/** Our sentence for each kind of failure; the stored reason starts with it, so the kind can be read back. */
const KIND_SENTENCES: Record<RegistrarErrorKind, string> = {
  unavailable: 'The supplier did not answer clearly: whether it acted is unknown.',
  pending: 'The supplier accepted the order and has not finished it yet.',
  auth: 'The supplier refused our credentials.',
  not_found: 'The supplier does not hold this domain.',
  not_available: 'The supplier says the name is not available.',
  insufficient_funds: 'Our balance at the supplier is too low.',
  invalid: 'The supplier refused the request as invalid.',
  unsupported: 'The supplier does not offer this operation.',
  failed: 'The supplier refused the request.',
};
/** Rows written before the outcome model (docs/decisions.md) said 'unavailable' this way. */
const LEGACY_UNAVAILABLE = 'The supplier could not be reached or did not answer in time.';

export interface CallFailure {
  kind: RegistrarErrorKind;
  /** For the attempt row and the back office: our sentence, then the adapter's message (never a credential). */
  reason: string;
}

/**
 * A failed call in our words. Anything but a RegistrarError (an adapter that could not read an
 * answer) leaves the outcome unknown, so it counts as 'unavailable': the supplier may have acted.
 */
export function failureOf(error: unknown): CallFailure {
  if (error instanceof RegistrarError) return { kind: error.kind, reason: `${KIND_SENTENCES[error.kind]} ${error.message}` };
  return { kind: 'unavailable', reason: `${KIND_SENTENCES.unavailable} Its answer could not be read.` };
}

export function kindOfReason(reason: string | null): RegistrarErrorKind | null {
  if (!reason) return null;
  if (reason.startsWith(LEGACY_UNAVAILABLE)) return 'unavailable';
  const found = (Object.entries(KIND_SENTENCES) as [RegistrarErrorKind, string][]).find(([, sentence]) => reason.startsWith(sentence));
  return found ? found[0] : null;
}

let sequence = 0;

/**
 * Ids that sort in the order the attempts were made, also within one millisecond (a check and the
 * call after it): the time, then a per-process counter (one job runs an order at a time), then noise.
 */
function attemptId(at: Date): string {
  sequence = (sequence + 1) % 0x1000000;
  return `att_${at.getTime().toString(16).padStart(12, '0')}${sequence.toString(16).padStart(6, '0')}${randomBytes(4).toString('hex')}`;
}

export interface StartedAttempt {
  id: string;
  /** performance.now() at the start: how long the supplier took is measured, not business time. */
  startedAt: number;
}

type Deps = Pick<Services, 'db' | 'clock'>;

export async function startAttempt({ db, clock }: Deps, a: { orderId: string; supplierId: string; operation: AttemptOperation }): Promise<StartedAttempt> {
  const started = clock.now();
  const id = attemptId(started);
  await db.insertInto('domain_order_attempts').values({
    id, order_id: a.orderId, supplier_id: a.supplierId, operation: a.operation, outcome: 'started', reason: null,
    duration_ms: null, idempotency_key: idempotencyKeyOf(a.orderId, a.supplierId), started_at: started.toISOString(), finished_at: null,
  }).execute();
  return { id, startedAt: performance.now() };
}

/**
 * 'unknown': the call failed in a way that leaves it open whether the supplier acted (a check:
 * the supplier could not say, or it is too early for its "not found" to mean no).
 */
export type FinishedOutcome = 'succeeded' | 'failed' | 'unknown';

export async function finishAttempt({ db, clock }: Deps, attempt: StartedAttempt, outcome: FinishedOutcome, reason: string | null): Promise<void> {
  await db.updateTable('domain_order_attempts')
    .set({ outcome, reason, duration_ms: Math.round(performance.now() - attempt.startedAt), finished_at: clock.nowIso() })
    .where('id', '=', attempt.id).execute();
}

export interface PastAttempt {
  supplierId: string;
  operation: AttemptOperation;
  outcome: DomainOrderAttemptsTable['outcome'];
  reason: string | null;
  startedAt: string;
}

export async function listAttempts(db: Kysely<Database>, orderId: string): Promise<PastAttempt[]> {
  const rows = await db.selectFrom('domain_order_attempts').select(['supplier_id', 'operation', 'outcome', 'reason', 'started_at'])
    .where('order_id', '=', orderId).orderBy('started_at').orderBy('id').execute();
  return rows.map((row) => ({ supplierId: row.supplier_id, operation: row.operation, outcome: row.outcome, reason: row.reason, startedAt: row.started_at }));
}

/** A register or renew call whose outcome nobody has read back yet. */
export interface UnsettledCall {
  supplierId: string;
  /** When the call began: a "not found" soon after it is no answer yet (see notFoundMeansNo). */
  since: string;
  /** The supplier accepted it and said it finishes later (Enom 1300, a non-real-time TLD). */
  pending: boolean;
}

/**
 * The supplier calls of this operation whose outcome is unknown, read from the attempts in order:
 * a call still 'started' (in flight, or its process died), 'succeeded' (the process may have died
 * before the order heard of it; the order completing settles it) or 'unknown' (also an older
 * row's 'failed' as unavailable) stays unsettled until a later check of that supplier says no
 * ('failed'); a refusal settles it at once. A check that says yes keeps it listed: the run that
 * hears it completes the order, and asking again is how a later run finds out.
 */
export function unsettledCalls(attempts: PastAttempt[], operation: 'register' | 'renew'): UnsettledCall[] {
  const open = new Map<string, UnsettledCall>();
  for (const attempt of attempts) {
    if (attempt.operation === 'check') {
      // A check's 'failed' is a no; older rows also wrote a check that could not say as 'failed'.
      const kind = kindOfReason(attempt.reason);
      if (attempt.outcome === 'failed' && (kind === null || kind === 'not_found')) open.delete(attempt.supplierId);
      continue;
    }
    if (attempt.operation !== operation) continue;
    const kind = kindOfReason(attempt.reason);
    const unknown = attempt.outcome !== 'failed' || kind === 'unavailable' || kind === 'pending';
    if (unknown) open.set(attempt.supplierId, { supplierId: attempt.supplierId, since: attempt.startedAt, pending: kind === 'pending' });
    else open.delete(attempt.supplierId);
  }
  return [...open.values()];
}

/** The suppliers of unsettled calls (see unsettledCalls): each is asked before anything is sent anywhere. */
export function suppliersToAsk(attempts: PastAttempt[], operation: 'register' | 'renew'): string[] {
  return unsettledCalls(attempts, operation).map((call) => call.supplierId);
}
