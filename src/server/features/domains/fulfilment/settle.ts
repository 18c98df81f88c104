import type { ContactInfo } from '../../../../common/domains/ordersContract.ts';
import type { Services } from '../../../rpc/context.ts';
import { listAttempts, type PastAttempt, type UnsettledCall, unsettledCalls } from './attempts.ts';
import { askSupplier, type FulfilRun, registrarFor, type SupplierAnswer } from './calls.ts';
import { registrarContactsOf } from './contacts.ts';
import { fulfilLeaseHeld } from './lease.ts';
import { completeRenewal } from './outcome.ts';
import { askWhetherRegistered, heldSince } from './registration.ts';
import { findDomainById } from './repository.ts';
import { findDomainByName } from '../records.ts';
import { findOrder, type OrderRow } from '../orders/repository.ts';
import { FULFIL_ORDER_JOB_OPTIONS } from '../orders/queues.ts';

/**
 * What the back office must know before it acts on an order whose registrar calls may have gone
 * through (docs/decisions.md, the registrar outcome model): Retry and Force registrar send again,
 * a cancel refunds, parking takes the order from its job. Each is refused while a call is in
 * flight; a call whose outcome is unknown is first read back from its supplier.
 */

export type OperatorSettlement =
  /** Nothing is in flight and every call is answered: the operator may act. */
  | { state: 'clear' }
  /** A run holds the order, or a call started within the job's time limit has not finished. */
  | { state: 'in_flight' }
  /** The supplier holds the name (or has renewed it): the order was completed from its answer. */
  | { state: 'completed'; supplierId: string }
  /** These suppliers could not say (yet) whether a call went through. */
  | { state: 'unknown'; supplierIds: string[] };

/** Operators ask in the function call: well inside the client's 70 s, even with a few suppliers to ask. */
const OPERATOR_ASK_TIMEOUT_MS = 25_000;

function startedRecently(attempts: PastAttempt[], now: Date): boolean {
  const limit = FULFIL_ORDER_JOB_OPTIONS.timeoutSeconds * 1000;
  return attempts.some((a) => a.outcome === 'started' && now.getTime() - Date.parse(a.startedAt) < limit);
}

function askWhetherRenewed(run: FulfilRun, open: UnsettledCall, before: string | null): Promise<SupplierAnswer> {
  const registrar = registrarFor(run.services, open.supplierId)!;
  return askSupplier(run, open.supplierId, registrar, (info) => {
    const renewed = info.expiresAt !== null && before !== null && Date.parse(info.expiresAt) > Date.parse(before);
    return renewed
      ? { yes: true, reason: `The supplier has ${run.order.domain} until ${info.expiresAt}, later than before the order: an earlier call renewed it.` }
      : { yes: false, reason: `The supplier's expiry of ${run.order.domain} (${info.expiresAt ?? 'none given'}) is not later than before the order: no earlier call renewed it.` };
  }, open);
}

/** Asks one supplier about its unsettled call; completes the order when it says the call went through. */
async function settleCall(run: FulfilRun, open: UnsettledCall): Promise<'completed' | 'no' | 'unknown'> {
  const { services, order } = run;
  const registrar = registrarFor(services, open.supplierId);
  if (!registrar) return 'unknown';
  if (order.kind === 'renewal') {
    const domain = order.domain_id ? await findDomainById(services.db, order.domain_id) : await findDomainByName(services.db, order.domain);
    if (!domain || domain.account_id !== order.account_id) return 'unknown';
    const asked = await askWhetherRenewed(run, open, order.registrar_expiry_before ?? domain.expiration_date);
    if (asked.answer !== 'yes') return asked.answer;
    const done = await completeRenewal(services, order, { supplierId: open.supplierId, domainId: domain.id, registrarOrderId: null, expiresAt: asked.info.expiresAt! });
    return done === 'completed' ? 'completed' : 'unknown';
  }
  const asked = await askWhetherRegistered(run, registrar, open);
  if (asked.answer !== 'yes') return asked.answer;
  const contacts = order.contact_info ? registrarContactsOf(JSON.parse(order.contact_info) as ContactInfo) : null;
  if (!contacts) return 'unknown';
  // 'taken': another account holds the name here, so what the supplier holds is not this order's.
  const done = await heldSince(run, open.supplierId, asked.info, contacts);
  return done === 'completed' ? 'completed' : done === 'taken' ? 'no' : 'unknown';
}

/**
 * Reads the order's registrar state before an operator acts. With `ask`, every supplier whose
 * call is unsettled is asked (and each answer recorded as a check); the first that holds the
 * name completes the order. Without it (the order is its job's: processing), an unsettled call
 * is reported as unknown, since the job is the one asking.
 */
export async function settleForOperator(services: Services, orderId: string, options: { ask: boolean }): Promise<OperatorSettlement> {
  const now = services.clock.now();
  const attempts = await listAttempts(services.db, orderId);
  if (await fulfilLeaseHeld(services.db, orderId, now) || startedRecently(attempts, now)) return { state: 'in_flight' };
  const order = await findOrder(services.db, orderId);
  if (!order) return { state: 'clear' };
  const open = unsettledCalls(attempts, order.kind === 'renewal' ? 'renew' : 'register');
  if (open.length === 0) return { state: 'clear' };
  if (!options.ask) return { state: 'unknown', supplierIds: open.map((call) => call.supplierId) };
  const run: FulfilRun = { services, order: order satisfies OrderRow, signal: AbortSignal.timeout(OPERATOR_ASK_TIMEOUT_MS) };
  const cannotSay: string[] = [];
  for (const call of open) {
    const answer = await settleCall(run, call);
    if (answer === 'completed') return { state: 'completed', supplierId: call.supplierId };
    if (answer === 'unknown') cannotSay.push(call.supplierId);
  }
  return cannotSay.length > 0 ? { state: 'unknown', supplierIds: cannotSay } : { state: 'clear' };
}
