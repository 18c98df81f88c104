import { liveTopics } from '../../../../common/live.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import { type DomainInfo, outcomeUnknown, type Registrar, RegistrarError } from '../../../integrations/registrars/registrar.ts';
import type { Services } from '../../../rpc/context.ts';
import { type DomainRow, findDomainByName } from '../records.ts';
import { isAutomatic } from '../expiry/renewalRules.ts';
import { type OrderRow, transitionOrder, updateOrderFields } from '../orders/repository.ts';
import { failureOf, finishAttempt, idempotencyKeyOf, listAttempts, startAttempt, suppliersToAsk } from './attempts.ts';
import { askSupplier, callSupplier, type FulfilRun, FulfilmentDeferred, registrarFor, stopIfAborted, type SupplierAnswer } from './calls.ts';
import { type CompletionResult, completeRenewal, failOrder, failureSentence } from './outcome.ts';
import { findDomainById } from './repository.ts';

/**
 * A paid renewal at the domain's own supplier (a name cannot be renewed anywhere else). Its
 * outcome is judged by the supplier's own expiry: read before the first renew call and kept on
 * the order, a later one afterwards means a call went through, so a renewal that went through
 * is never sent again. A call whose outcome is unknown (time-out, dropped connection, unclear
 * answer) is read back; while the supplier cannot say, the run defers and is retried with
 * backoff, never failed: a failed order would let tomorrow's job charge and renew again.
 */

/** 'failed' includes an automatic renewal the registrar refused, left failed for the daily job to ask again (no new charge). */
export type RenewalOutcome = CompletionResult | 'failed';

const DAY_MS = 86_400_000;
/**
 * The supplier's expiry this far past ours before the first call: the domain was renewed there
 * already (the registrar's own auto-renew, a renewal our row never heard of). Registrars give
 * dates as calendar days, so a few hours either way mean nothing.
 */
const ALREADY_RENEWED_MS = 180 * DAY_MS;

function askWhetherRenewed(run: FulfilRun, supplierId: string, registrar: Registrar, before: string | null): Promise<SupplierAnswer> {
  return askSupplier(run, supplierId, registrar, (info: DomainInfo) => {
    const renewed = info.expiresAt !== null && before !== null && Date.parse(info.expiresAt) > Date.parse(before);
    return renewed
      ? { yes: true, reason: `The supplier has ${run.order.domain} until ${info.expiresAt}, later than before the order (${before}): an earlier call renewed it.` }
      : { yes: false, reason: `The supplier's expiry of ${run.order.domain} (${info.expiresAt ?? 'none given'}) is not later than before the order (${before ?? 'unknown'}): no earlier call renewed it.` };
  });
}

type ExpiryBefore = { kind: 'read'; expiresAt: string | null } | { kind: 'renewed_already'; expiresAt: string };

/**
 * The supplier's expiry before the first renew call, recorded as a 'check' attempt and kept on
 * the order. A supplier that cannot answer defers the run: without the date, a later time-out
 * could not be judged.
 */
async function readExpiryBefore(run: FulfilRun, supplierId: string, registrar: Registrar, domain: DomainRow): Promise<ExpiryBefore> {
  const { services, order } = run;
  const attempt = await startAttempt(services, { orderId: order.id, supplierId, operation: 'check' });
  let info: DomainInfo;
  try {
    info = await registrar.getInfo(order.domain, { signal: run.signal });
  } catch (error) {
    await finishAttempt(services, attempt, 'failed', failureOf(error).reason);
    // A supplier that does not hold the domain cannot renew it: the renew call hears its refusal.
    if (error instanceof RegistrarError && error.kind === 'not_found') return { kind: 'read', expiresAt: null };
    throw new FulfilmentDeferred(`Supplier ${supplierId} could not say when ${order.domain} expires before renewing it.`);
  }
  const ours = domain.expiration_date;
  if (info.expiresAt && ours && Date.parse(info.expiresAt) - Date.parse(ours) >= ALREADY_RENEWED_MS) {
    await finishAttempt(services, attempt, 'succeeded',
      `The supplier has ${order.domain} until ${info.expiresAt}, well past our ${ours}: it was renewed there already, so nothing is sent.`);
    return { kind: 'renewed_already', expiresAt: info.expiresAt };
  }
  await finishAttempt(services, attempt, 'succeeded', `Before renewing: the supplier has ${order.domain} until ${info.expiresAt ?? 'no date given'}.`);
  await updateOrderFields(services.db, order.id, { registrar_expiry_before: info.expiresAt, updated_at: services.clock.nowIso() });
  return { kind: 'read', expiresAt: info.expiresAt };
}

async function domainOf(run: FulfilRun): Promise<DomainRow | undefined> {
  const { db } = run.services;
  const domain = run.order.domain_id ? await findDomainById(db, run.order.domain_id) : await findDomainByName(db, run.order.domain);
  return domain?.account_id === run.order.account_id ? domain : undefined;
}

export const awaitingRegistrarSentence = (domain: string) =>
  `Our registrar refused to renew ${domain}. We will ask it again once a day for up to three days, without charging you again; `
  + 'if it still refuses, your payment is refunded and we will e-mail you.';

/**
 * An automatic renewal the registrar refused after the charge: the order fails quietly, with its
 * payment, and without the operator's flag, so the daily job asks the registrar again
 * (settleRefusedRenewals) and, past its bound, refunds it. The card is never charged again for
 * the term (renewalBlocker).
 */
async function awaitRegistrar(services: Services, order: OrderRow, reason: string): Promise<boolean> {
  return inTransaction(services.db, async (tx) => {
    const now = services.clock.nowIso();
    const moved = await transitionOrder(tx.db, order.id, 'failed', {
      registration_status: 'failed', error: awaitingRegistrarSentence(order.domain), admin_action_required: false, updated_at: now,
    }, 'processing');
    if (!moved) return false;
    await recordEvent(tx, {
      type: 'order.domain.failed', accountId: order.account_id, correlationId: order.id, severity: 'warning',
      payload: { orderId: order.id, domain: order.domain, kind: order.kind, reason, automatic: true }, at: now,
    });
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    return true;
  }, services.log);
}

export async function fulfilRenewal(run: FulfilRun): Promise<RenewalOutcome> {
  const { services, order } = run;
  const fail = async (attempts: number): Promise<RenewalOutcome> => (await failOrder(services, order, failureSentence(order, false), attempts) ? 'failed' : 'not_processing');
  const domain = await domainOf(run);
  const registrar = domain?.supplier_id ? registrarFor(services, domain.supplier_id) : undefined;
  if (!domain || !registrar) {
    services.log.error({ orderId: order.id, supplierId: domain?.supplier_id ?? null }, 'renewal order without its domain or a configured supplier');
    return fail(0);
  }
  const supplierId = registrar.id;
  // Orders from before the supplier's expiry was recorded judge by ours, as they always did.
  let before = order.registrar_expiry_before ?? domain.expiration_date;
  const renewed = (expiresAt: string, registrarOrderId: string | null, chargedCents: number | null = null) =>
    completeRenewal(services, order, { supplierId, domainId: domain.id, registrarOrderId, expiresAt, chargedCents });

  if (suppliersToAsk(await listAttempts(services.db, order.id), 'renew').includes(supplierId)) {
    stopIfAborted(run);
    const asked = await askWhetherRenewed(run, supplierId, registrar, before);
    if (asked.answer === 'unknown') throw new FulfilmentDeferred(`Supplier ${supplierId} could not say whether it renewed ${order.domain}.`);
    if (asked.answer === 'yes') return renewed(asked.info.expiresAt!, null);
  }

  if (order.registrar_expiry_before === null) {
    stopIfAborted(run);
    const read = await readExpiryBefore(run, supplierId, registrar, domain);
    if (read.kind === 'renewed_already') return renewed(read.expiresAt, null);
    before = read.expiresAt ?? domain.expiration_date;
  }

  stopIfAborted(run);
  const call = await callSupplier(run, supplierId, 'renew',
    () => registrar.renew(order.domain, order.years, idempotencyKeyOf(order.id, supplierId), { signal: run.signal }));
  if (call.ok) return renewed(call.value.expiresAt, call.value.registrarOrderId, call.value.chargedCents ?? null);
  stopIfAborted(run);
  if (outcomeUnknown(call.failure.kind)) {
    const asked = await askWhetherRenewed(run, supplierId, registrar, before);
    if (asked.answer === 'yes') return renewed(asked.info.expiresAt!, null);
    // The supplier may still be acting on it: the retry asks again before sending anything.
    throw new FulfilmentDeferred(`Supplier ${supplierId} did not answer the renewal of ${order.domain} clearly; it is asked again later.`);
  }
  if (isAutomatic(order)) return (await awaitRegistrar(services, order, call.failure.reason)) ? 'failed' : 'not_processing';
  return fail((await listAttempts(services.db, order.id)).length);
}
