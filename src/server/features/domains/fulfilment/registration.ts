import type { ContactInfo } from '../../../../common/domains/ordersContract.ts';
import { type DomainContacts, type DomainInfo, outcomeUnknown, type Registrar, type RegistrarErrorKind } from '../../../integrations/registrars/registrar.ts';
import { finishAttempt, idempotencyKeyOf, listAttempts, startAttempt, type UnsettledCall, unsettledCalls } from './attempts.ts';
import { askSupplier, callSupplier, type FulfilRun, FulfilmentDeferred, registrarFor, stopIfAborted, type SupplierAnswer } from './calls.ts';
import { registrarContactsOf } from './contacts.ts';
import { type CompletionResult, completeRegistration, failOrder, failureSentence } from './outcome.ts';
import { registeringSupplierIds } from './repository.ts';

/**
 * A paid registration at the suppliers: first settle what earlier runs may have left half-done,
 * then try the suppliers cheapest first until one registers the name, else fail the order. A
 * supplier whose outcome is unknown (docs/decisions.md, the registrar outcome model) is asked;
 * while it cannot say, nothing is sent to any other supplier (FulfilmentDeferred, recheck).
 */

export type RegistrationOutcome = CompletionResult | 'failed';

const addYears = (from: Date, years: number) => {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
};

/** getInfo answers only for names in our account, so any answer is ours; a name still pending there is not done yet. */
export function askWhetherRegistered(run: FulfilRun, registrar: Registrar, about: UnsettledCall): Promise<SupplierAnswer> {
  const { domain } = run.order;
  return askSupplier(run, about.supplierId, registrar, (info) => (info.status === 'pending'
    ? { yes: false, unknown: true, reason: `The supplier holds ${domain} as pending: the registry has not finished it yet.` }
    : { yes: true, reason: `The supplier holds ${domain} (${info.status}, expiring ${info.expiresAt ?? 'on a date it did not give'}): an earlier call registered it.` }), about);
}

/** A supplier no longer configured here cannot be asked; that is an answer too, and it is recorded. */
async function recordUnaskable(run: FulfilRun, supplierId: string): Promise<void> {
  run.services.log.warn({ orderId: run.order.id, supplierId }, 'an earlier registration call cannot be checked: the supplier is no longer configured');
  const attempt = await startAttempt(run.services, { orderId: run.order.id, supplierId, operation: 'check' });
  await finishAttempt(run.services, attempt, 'unknown', 'The supplier is no longer configured here, so it cannot be asked whether an earlier call registered the name.');
}

/** The suppliers to try: the back office's choice first, then by cost; only those this installation can call. */
async function candidates(run: FulfilRun, forceSupplierId: string | null): Promise<string[]> {
  const byCost = await registeringSupplierIds(run.services, run.order);
  const ordered = forceSupplierId ? [forceSupplierId, ...byCost.filter((id) => id !== forceSupplierId)] : byCost;
  return ordered.filter((supplierId) => {
    if (registrarFor(run.services, supplierId)) return true;
    run.services.log.warn({ orderId: run.order.id, supplierId }, 'supplier has no configured registrar; skipped');
    return false;
  });
}

/** The nameservers the registrar gave the new name (its defaults); none if it cannot say right now (a Sync reads them later). */
async function nameserversAt(run: FulfilRun, registrar: Registrar): Promise<string[]> {
  try {
    return (await registrar.getInfo(run.order.domain, { signal: run.signal })).nameservers;
  } catch (error) {
    run.services.log.warn({ orderId: run.order.id, supplierId: registrar.id, err: error }, 'nameservers of a new domain could not be read');
    return [];
  }
}

export function heldSince(run: FulfilRun, supplierId: string, info: DomainInfo, contacts: DomainContacts) {
  return completeRegistration(run.services, run.order, {
    supplierId, registrarOrderId: null, expiresAt: info.expiresAt ?? addYears(run.services.clock.now(), run.order.years), nameservers: info.nameservers, contacts,
  });
}

export async function fulfilRegistration(run: FulfilRun, forceSupplierId: string | null): Promise<RegistrationOutcome> {
  const { services, order } = run;
  if (!order.contact_info) {
    services.log.error({ orderId: order.id }, 'registration order without contact information');
    await failOrder(services, order, failureSentence(order, false), 0);
    return 'failed';
  }
  const contacts = registrarContactsOf(JSON.parse(order.contact_info) as ContactInfo);

  // Calls an earlier run may have completed at a supplier: nothing is sent anywhere before each is settled.
  const cannotSay: string[] = [];
  for (const open of unsettledCalls(await listAttempts(services.db, order.id), 'register')) {
    stopIfAborted(run);
    const registrar = registrarFor(services, open.supplierId);
    if (!registrar) {
      await recordUnaskable(run, open.supplierId);
      cannotSay.push(open.supplierId);
      continue;
    }
    const asked = await askWhetherRegistered(run, registrar, open);
    if (asked.answer === 'unknown') cannotSay.push(open.supplierId);
    if (asked.answer === 'yes') {
      const done = await heldSince(run, open.supplierId, asked.info, contacts);
      if (done !== 'taken') return done;
    }
  }
  if (cannotSay.length > 0) throw new FulfilmentDeferred(`${cannotSay.join(', ')} could not say yet whether an earlier call registered ${order.domain}.`);

  const failures: RegistrarErrorKind[] = [];
  for (const supplierId of await candidates(run, forceSupplierId)) {
    stopIfAborted(run);
    const registrar = registrarFor(services, supplierId)!;
    const since = services.clock.nowIso();
    const call = await callSupplier(run, supplierId, 'register', () => registrar.register({
      domain: order.domain, years: order.years, contacts, nameservers: [], privacy: order.privacy_protection,
      // We renew (the daily job charges the account first), so the registrar must not renew on its own.
      autoRenew: false, idempotencyKey: idempotencyKeyOf(order.id, supplierId),
    }, { signal: run.signal }));
    if (call.ok) {
      const done = await completeRegistration(services, order, {
        supplierId, registrarOrderId: call.value.registrarOrderId, expiresAt: call.value.expiresAt,
        nameservers: await nameserversAt(run, registrar), contacts, chargedCents: call.value.chargedCents, privacy: call.value.privacy,
      });
      if (done !== 'taken') return done;
      services.log.error({ orderId: order.id, supplierId }, 'a supplier registered a name another account holds');
      failures.push('failed');
      continue;
    }
    failures.push(call.failure.kind);
    if (!outcomeUnknown(call.failure.kind)) continue;
    stopIfAborted(run);
    // The supplier may have registered it (a time-out, a pending order, an unclear answer): ask,
    // and never try the next supplier while it cannot say.
    const asked = await askWhetherRegistered(run, registrar, { supplierId, since, pending: call.failure.kind === 'pending' });
    if (asked.answer === 'yes') {
      const done = await heldSince(run, supplierId, asked.info, contacts);
      if (done !== 'taken') return done;
      continue;
    }
    if (asked.answer === 'unknown') {
      throw new FulfilmentDeferred(`${supplierId} did not say whether it registered ${order.domain}; nothing is sent elsewhere until it does.`);
    }
  }

  const attempts = (await listAttempts(services.db, order.id)).length;
  const everySupplierSaidTaken = failures.length > 0 && failures.every((kind) => kind === 'not_available');
  return await failOrder(services, order, failureSentence(order, everySupplierSaidTaken), attempts) ? 'failed' : 'not_processing';
}
