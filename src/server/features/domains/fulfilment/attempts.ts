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

/** Our sentence for each kind of refusal; the stored reason starts with it, so the kind can be read back. */
const KIND_SENTENCES: Record<RegistrarErrorKind, string> = {
  unavailable: 'The supplier could not be reached or did not answer in time.',
  auth: 'The supplier refused our credentials.',
  not_found: 'The supplier does not hold this domain.',
  not_available: 'The supplier says the name is not available.',
  insufficient_funds: 'Our balance at the supplier is too low.',
  invalid: 'The supplier refused the request as invalid.',
  unsupported: 'The supplier does not offer this operation.',
  failed: 'The supplier refused the request.',
};

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

export async function finishAttempt({ db, clock }: Deps, attempt: StartedAttempt, outcome: 'succeeded' | 'failed', reason: string | null): Promise<void> {
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

/**
 * The suppliers whose last `operation` call for this order may have gone through without the
 * order knowing: still 'started' (the process died mid-call), 'succeeded' (it died before the
 * completion committed) or failed as 'unavailable' (a time-out may still have registered).
 * Each must be asked before anything is sent anywhere.
 */
export function suppliersToAsk(attempts: PastAttempt[], operation: 'register' | 'renew'): string[] {
  const last = new Map<string, PastAttempt>();
  for (const attempt of attempts) if (attempt.operation === operation) last.set(attempt.supplierId, attempt);
  return [...last.values()]
    .filter((a) => a.outcome !== 'failed' || kindOfReason(a.reason) === 'unavailable')
    .map((a) => a.supplierId);
}
