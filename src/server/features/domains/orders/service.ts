import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { registerDomain as registerContract } from '../../../../common/domains/ordersContract.ts';
import type { OrderKind } from '../../../../common/domains/orders.ts';
import { recordIfActingAs } from '../../../audit/record.ts';
import { type Db, inTransaction, type Tx } from '../../../db/transaction.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import type { Caller, SignedInContext } from '../../../rpc/context.ts';
import { failedPrecondition, invalidArgument } from '../../../rpc/errors.ts';
import type { AccountDomainRow, DomainRow } from '../records.ts';
import { countHeldUnpaidRegistrations, findOpenRenewal, findPaidUnfinishedRenewal, isNameHeld, lockDomainName } from './queries.ts';
import { insertOrder, type NewOrder } from './repository.ts';
import {
  expiredRenewalRefused, MAX_UNPAID_REGISTRATIONS, nameNotAvailable, ONLY_ACTIVE_OR_EXPIRED_RENEW, pastRegistryMaximum, premiumName,
  renewalAlreadyPaid, renewalManagedByHand, renewalSupplierGone, tldNotRenewable, tldNotSold, TOO_MANY_UNPAID_REGISTRATIONS,
} from './texts.ts';
import { renewalRefusal } from '../expiry/renewalRules.ts';
import { registrarFor } from '../fulfilment/calls.ts';
import { checkPerSupplier, SUPPLIER_CHECK_TIMEOUT_MS } from '../search/availability.ts';
import { renewPriceFor, renewTermPrices, type SellPrice, sellPrices } from '../pricing/tldPrices.ts';
import { PORTAL_CURRENCY } from '../pricing/tldPricesRepository.ts';
import { needsRegistrantFields, registrantFieldsNotSold } from '../../../../common/domains/registryRequirements.ts';

type RegisterInput = z.output<typeof registerContract.input>;
type Ctx = Pick<SignedInContext, 'services' | 'log'>;

const newOrderId = () => `ord_${randomBytes(16).toString('base64url')}`;
const tldOf = (domain: string) => domain.slice(domain.indexOf('.') + 1);
const orderedBy = (caller: Caller) => caller.name.trim() || caller.email;

/**
 * A registration order at our own price for the TLD, awaiting payment. Whatever price, total,
 * user, status or date the client sends is ignored: the contract accepts them only because the
 * spec's client sends them.
 */
export async function placeRegistration(ctx: Ctx, caller: Caller, input: RegisterInput): Promise<string> {
  const { db, clock } = ctx.services;
  const { domain } = input;
  const tld = tldOf(domain);
  if (needsRegistrantFields(tld)) throw invalidArgument(registrantFieldsNotSold(tld));
  const price = (await sellPrices(db, { tld })).get(tld);
  const total = price?.registerTotals[input.registrationYears - 1] ?? null;
  if (!price || total === null) throw invalidArgument(tldNotSold(tld));
  if (await isNameHeld(db, domain, clock.now())) throw failedPrecondition(nameNotAvailable(domain));
  if (await countHeldUnpaidRegistrations(db, input.accountId, clock.now()) >= MAX_UNPAID_REGISTRATIONS) throw failedPrecondition(TOO_MANY_UNPAID_REGISTRATIONS);
  await refuseIfTakenAtSupplier(ctx, domain, price);

  const id = newOrderId();
  const placed = await inTransaction(db, async (tx) => {
    // Orders of one account for different names are counted one after another, so two at once cannot both be the tenth.
    await lockDomainName(tx, ctx.services.dialect, `account:${input.accountId}`);
    if (await countHeldUnpaidRegistrations(tx.db, input.accountId, clock.now()) >= MAX_UNPAID_REGISTRATIONS) return 'too_many' as const;
    return placeOrder(tx, ctx, caller, {
      id, kind: 'registration', accountId: input.accountId, userId: caller.userId, orderedBy: orderedBy(caller), domain, tld, domainId: null,
      years: input.registrationYears, priceCents: Math.ceil(total / input.registrationYears), totalCents: total, currency: price.currency, contactInfo: input.contactInfo,
      privacyProtection: input.privacyProtection, autoRenew: input.autoRenew, now: clock.nowIso(),
    }, () => isNameHeld(tx.db, domain, clock.now()));
  }, ctx.log);
  if (placed === 'too_many') throw failedPrecondition(TOO_MANY_UNPAID_REGISTRATIONS);
  if (!placed) throw failedPrecondition(nameNotAvailable(domain));
  return id;
}

/**
 * A renewal order of an active domain at its own supplier's renew cost for the term plus the
 * markup (renewPriceFor): the renewal runs there, whatever another supplier charges. One renewal
 * at a time per domain: asked again while one awaits payment or runs, the answer is that order.
 * Refused before payment: an expired domain (it needs the registrar's restore, which we do not
 * sell online), a renewal past the registry's ten years, and a domain whose registrar is not
 * configured (nothing could renew it after the charge).
 */
export async function placeRenewal(ctx: Ctx, caller: Caller, domain: AccountDomainRow, years: number): Promise<string> {
  const { db } = ctx.services;
  if (domain.status !== 'active' && domain.status !== 'expired') throw failedPrecondition(ONLY_ACTIVE_OR_EXPIRED_RENEW);
  const refusal = renewalRefusal(domain, years, ctx.services.clock.now());
  if (refusal?.kind === 'expired') throw failedPrecondition(expiredRenewalRefused(domain.name));
  if (refusal?.kind === 'past_registry_maximum') throw failedPrecondition(pastRegistryMaximum(domain.name, years, refusal.maxYears));
  if (domain.management_mode === 'manual') throw failedPrecondition(renewalManagedByHand(domain.name));
  if (!domain.supplier_id || !registrarFor(ctx.services, domain.supplier_id)) throw failedPrecondition(renewalSupplierGone(domain.name));
  if (domain.expiration_date && await findPaidUnfinishedRenewal(db, domain.id, domain.expiration_date)) throw failedPrecondition(renewalAlreadyPaid(domain.name));
  const price = await renewPriceFor(db, domain.supplier_id, domain.tld, years);
  if (!price) throw failedPrecondition(tldNotRenewable(domain.tld));

  return inTransaction(db, async (tx) => {
    const id = newOrderId();
    let existing: string | undefined;
    const placed = await placeOrder(tx, ctx, caller, {
      id, kind: 'renewal', accountId: domain.account_id, userId: caller.userId, orderedBy: orderedBy(caller), domain: domain.name,
      tld: domain.tld, domainId: domain.id, years, priceCents: Math.ceil(price.totalCents / years), totalCents: price.totalCents, currency: price.currency, contactInfo: null,
      privacyProtection: domain.privacy, autoRenew: domain.auto_renew, renewsFrom: domain.expiration_date, now: ctx.services.clock.nowIso(),
    }, async () => {
      existing = (await findOpenRenewal(tx.db, domain.name))?.id;
      return existing !== undefined;
    });
    return placed ? id : existing!;
  }, ctx.log);
}

/**
 * Writes the order with its platform event and, for an operator acting as the account, its audit
 * entry, under the name's lock: `blocked` is asked again there, so two customers placing the same
 * name at once cannot both get an order. Answers whether the order was placed.
 */
async function placeOrder(tx: Tx, ctx: Ctx, caller: Caller, order: NewOrder & { kind: OrderKind }, blocked: () => Promise<boolean>): Promise<boolean> {
  await lockDomainName(tx, ctx.services.dialect, order.domain);
  if (await blocked()) return false;
  await insertOrder(tx.db, order);
  const summary = { orderId: order.id, kind: order.kind, domain: order.domain, years: order.years, totalCents: order.totalCents ?? order.priceCents * order.years, currency: order.currency };
  await recordEvent(tx, { type: 'order.domain.created', accountId: order.accountId, actor: byCaller(caller), payload: summary, at: order.now });
  await recordIfActingAs(tx, caller, { action: 'domain_order.created', target: { type: 'domain_order', id: order.id }, after: summary, at: order.now });
  return true;
}

/**
 * Asks the TLD's cheapest supplier, briefly, whether the name is free, so an obviously taken
 * name is refused before the customer pays. A supplier that cannot answer does not stop the
 * order: the registration job finds out, and a taken name there is refunded by our team.
 * A premium name would cost more than our TLD price, so it is not sold at that price.
 */
async function refuseIfTakenAtSupplier(ctx: Ctx, domain: string, price: SellPrice): Promise<void> {
  const { registrars, config } = ctx.services;
  const registrar = price.supplierIds.map((id) => registrars.find((r) => r.id === id)).find((r) => r !== undefined) ?? null;
  if (!registrar) return;
  const answers = await checkPerSupplier([{ domain, registrar }], config.domainSearchTimeoutMs ?? SUPPLIER_CHECK_TIMEOUT_MS, ctx.log);
  const answer = answers.get(domain);
  if (!answer || answer.error !== null) return;
  if (!answer.available) throw failedPrecondition(nameNotAvailable(domain));
  if (answer.premium) throw failedPrecondition(premiumName(domain));
}

/** Each renewal period's total at the domain's own supplier, as placeRenewal will charge it; none without a supplier. */
export async function renewalPrices(db: Db, domain: DomainRow): Promise<{ periods: { years: number; totalCents: number }[]; currency: string }> {
  const periods = domain.supplier_id === null ? [] : await renewTermPrices(db, domain.supplier_id, domain.tld);
  return { periods, currency: PORTAL_CURRENCY };
}
