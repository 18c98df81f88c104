import type { DomainInfo, Registrar } from '../../../integrations/registrars/registrar.ts';
import { type DomainRow, findDomainByName } from '../records.ts';
import { idempotencyKeyOf, listAttempts, suppliersToAsk } from './attempts.ts';
import { askSupplier, callSupplier, type FulfilRun, FulfilmentDeferred, registrarFor, stopIfAborted, type SupplierAnswer } from './calls.ts';
import { type CompletionResult, completeRenewal, failOrder, failureSentence } from './outcome.ts';
import { findDomainById } from './repository.ts';

/**
 * A paid renewal at the domain's own supplier (a name cannot be renewed anywhere else). Whether
 * an earlier call went through is read from the supplier's expiry: later than ours (the expiry
 * before this order) means it did.
 */

export type RenewalOutcome = CompletionResult | 'failed';

function askWhetherRenewed(run: FulfilRun, supplierId: string, registrar: Registrar, before: string | null): Promise<SupplierAnswer> {
  return askSupplier(run, supplierId, registrar, (info: DomainInfo) => {
    const renewed = info.expiresAt !== null && before !== null && Date.parse(info.expiresAt) > Date.parse(before);
    return renewed
      ? { yes: true, reason: `The supplier has ${run.order.domain} until ${info.expiresAt}, later than before the order: an earlier call renewed it.` }
      : { yes: false, reason: `The supplier's expiry of ${run.order.domain} (${info.expiresAt ?? 'none given'}) is not later than before the order: no earlier call renewed it.` };
  });
}

async function domainOf(run: FulfilRun): Promise<DomainRow | undefined> {
  const { db } = run.services;
  const domain = run.order.domain_id ? await findDomainById(db, run.order.domain_id) : await findDomainByName(db, run.order.domain);
  return domain?.account_id === run.order.account_id ? domain : undefined;
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
  const before = domain.expiration_date;
  const renewed = (expiresAt: string, registrarOrderId: string | null, chargedCents: number | null = null) =>
    completeRenewal(services, order, { supplierId, domainId: domain.id, registrarOrderId, expiresAt, chargedCents });

  if (suppliersToAsk(await listAttempts(services.db, order.id), 'renew').includes(supplierId)) {
    stopIfAborted(run);
    const asked = await askWhetherRenewed(run, supplierId, registrar, before);
    if (asked.answer === 'unknown') throw new FulfilmentDeferred(`Supplier ${supplierId} could not say whether it renewed ${order.domain}.`);
    if (asked.answer === 'yes') return renewed(asked.info.expiresAt!, null);
  }

  stopIfAborted(run);
  const call = await callSupplier(run, supplierId, 'renew',
    () => registrar.renew(order.domain, order.years, idempotencyKeyOf(order.id, supplierId), { signal: run.signal }));
  if (call.ok) return renewed(call.value.expiresAt, call.value.registrarOrderId, call.value.chargedCents ?? null);
  stopIfAborted(run);
  if (call.failure.kind === 'unavailable') {
    const asked = await askWhetherRenewed(run, supplierId, registrar, before);
    if (asked.answer === 'yes') return renewed(asked.info.expiresAt!, null);
  }
  return fail((await listAttempts(services.db, order.id)).length);
}
