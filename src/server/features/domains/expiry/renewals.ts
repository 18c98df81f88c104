import { randomBytes } from 'node:crypto';
import { liveTopics } from '../../../../common/live.ts';
import { AUTO_RENEW_DAYS_AHEAD } from '../../../../common/domains/domains.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import type { Services } from '../../../rpc/context.ts';
import {
  claimRenewalCandidate, cursorOf, EXPIRY_BATCH_SIZE, type ExpiringDomain, expiringDomainsPage, type ExpiryCursor,
  renewalOrdersOf, unfinishedAutomaticRenewals,
} from './repository.ts';
import { renewalBlocker, renewalRefusal } from './renewalRules.ts';
import { settleRefusedRenewals } from './refusedRenewals.ts';
import { registrarFor } from '../fulfilment/calls.ts';
import { AUTOMATIC_RENEWAL_ORDERED_BY } from '../../../../common/domains/orders.ts';
import { findOrder, insertOrder, type OrderRow, transitionOrder } from '../orders/repository.ts';
import { chargeRenewal, recordRenewalCharge } from './renewalCharge.ts';
import { type SellPrice, sellPrices } from '../pricing/tldPrices.ts';

const DAY_MS = 86_400_000;
const RENEWAL_YEARS = 1;

export interface AutoRenewalSummary {
  started: number;
  paid: number;
  failed: number;
  /** Refused before any charge and left for an operator (the domain's registrar is no longer configured). */
  refused: number;
  /** Paid renewals the registrar refused, sent to the registrar again (not charged again). */
  retried: number;
  /** Paid renewals the registrar kept refusing, refunded. */
  refunded: number;
  /** Domains or orders that hit an unexpected error (logged); their work is left for a rerun. */
  errors: number;
}

/**
 * Auto-renewals: domains with auto-renew on, active, expiring within AUTO_RENEW_DAYS_AHEAD days
 * and free of the blockers of renewalBlocker get a one-year renewal order at our renew price,
 * charged at once.
 *
 * Charge first, then write: the order is committed before the charge, the charge carries an
 * idempotency key made from the order id, and its outcome is written after it. A run that dies
 * between the charge and the write leaves the order awaiting payment; the next run (the
 * queue's retry, or tomorrow's) starts by charging those orders again with the same key, which
 * the provider answers with the first charge instead of a second one (and the Stripe adapter
 * also finds an earlier successful charge of the same order once the key has expired). No
 * order is created twice: an order awaiting its charge blocks a new one.
 */
export async function runAutoRenewals(services: Services, now: Date, signal?: AbortSignal): Promise<AutoRenewalSummary> {
  const summary: AutoRenewalSummary = { started: 0, paid: 0, failed: 0, refused: 0, retried: 0, refunded: 0, errors: 0 };
  const pay = async (order: OrderRow) => {
    const charge = await chargeRenewal(services, order);
    if (await recordRenewalCharge(services, order, charge, now)) summary[charge.status === 'paid' ? 'paid' : 'failed'] += 1;
  };
  const guarded = async (what: Record<string, string>, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      summary.errors += 1;
      services.log.error({ err: error, ...what }, 'automatic renewal not completed; the next run retries it');
    }
  };

  await guarded({ step: 'refused renewals' }, async () => {
    const settled = await settleRefusedRenewals(services, now, signal);
    summary.retried += settled.retried;
    summary.refunded += settled.refunded;
  });

  for (const order of await unfinishedAutomaticRenewals(services.db, AUTOMATIC_RENEWAL_ORDERED_BY)) {
    if (signal?.aborted) return summary;
    await guarded({ orderId: order.id }, () => pay(order));
  }

  const prices = await sellPrices(services.db);
  const range = { from: now.toISOString(), to: new Date(now.getTime() + AUTO_RENEW_DAYS_AHEAD * DAY_MS).toISOString(), autoRenewOnly: true };
  let after: ExpiryCursor | null = null;
  for (;;) {
    const page = await expiringDomainsPage(services.db, range, after, EXPIRY_BATCH_SIZE);
    for (const domain of page) {
      if (signal?.aborted) return summary;
      await guarded({ domainId: domain.id }, async () => {
        const order = await startRenewalOrder(services, domain, prices.get(domain.tld), range, now);
        if (order === 'refused') {
          summary.refused += 1;
          return;
        }
        if (!order) return;
        summary.started += 1;
        await pay(order);
      });
    }
    if (page.length < EXPIRY_BATCH_SIZE) return summary;
    after = cursorOf(page.at(-1)!);
  }
}

export const supplierGoneSentence = (domain: string) =>
  `${domain} could not be renewed automatically: the registrar it is held at is no longer connected to our platform. `
  + 'Nothing was charged. Our team has been notified and will renew it or move it to another registrar.';

/**
 * Creates the renewal order when the domain still qualifies and nothing blocks it; null otherwise.
 * A domain whose registrar is no longer configured gets an order that fails before any charge,
 * for an operator ('refused'), once per term.
 */
async function startRenewalOrder(
  services: Services, domain: ExpiringDomain, price: SellPrice | undefined, range: { from: string; to: string }, now: Date,
): Promise<OrderRow | 'refused' | null> {
  const priceCents = price ? price.renewCents ?? price.registerCents : null;
  if (!price || priceCents === null) {
    services.log.error({ domainId: domain.id, tld: domain.tld }, 'no active supplier prices this TLD: its domains cannot be renewed automatically');
    return null;
  }
  const refusal = renewalRefusal({ status: 'active', expiration_date: domain.expiration_date }, RENEWAL_YEARS, now);
  if (refusal) {
    services.log.warn({ domainId: domain.id, refusal: refusal.kind }, 'domain cannot be renewed automatically');
    return null;
  }
  const supplierGone = !domain.supplier_id || !registrarFor(services, domain.supplier_id);
  const nowIso = now.toISOString();
  const orderId = await inTransaction(services.db, async (tx) => {
    if (!await claimRenewalCandidate(tx.db, domain.id, range)) return null;
    if (renewalBlocker(await renewalOrdersOf(tx.db, domain.id), domain.expiration_date!, now)) return null;
    const id = `ord_${randomBytes(16).toString('base64url')}`;
    await insertOrder(tx.db, {
      id, kind: 'renewal', accountId: domain.account_id, userId: null, orderedBy: AUTOMATIC_RENEWAL_ORDERED_BY,
      domain: domain.name, tld: domain.tld, domainId: domain.id, years: RENEWAL_YEARS, priceCents, currency: price.currency,
      contactInfo: null, privacyProtection: domain.privacy, autoRenew: true, renewsFrom: domain.expiration_date, now: nowIso,
    });
    await recordEvent(tx, {
      type: 'order.domain.created', accountId: domain.account_id,
      payload: { orderId: id, domain: domain.name, kind: 'renewal', years: RENEWAL_YEARS, totalCents: priceCents * RENEWAL_YEARS, currency: price.currency, automatic: true },
      at: nowIso,
    });
    if (supplierGone) {
      const error = supplierGoneSentence(domain.name);
      await transitionOrder(tx.db, id, 'failed', { error, registration_status: 'failed', admin_action_required: true, updated_at: nowIso }, 'pending_payment');
      await recordEvent(tx, {
        type: 'order.domain.failed', accountId: domain.account_id, severity: 'warning', correlationId: id,
        payload: { orderId: id, domain: domain.name, kind: 'renewal', reason: `supplier ${domain.supplier_id ?? '(none)'} is not configured`, automatic: true },
        at: nowIso,
      });
      services.live.publish(tx, liveTopics.domainOrder(id), 'domain_order.changed');
    }
    return id;
  }, services.log);
  if (!orderId) return null;
  if (supplierGone) {
    services.log.error({ domainId: domain.id, orderId, supplierId: domain.supplier_id }, 'automatic renewal at a supplier that is not configured: refused before charging, left for an operator');
    return 'refused';
  }
  return (await findOrder(services.db, orderId))!;
}
