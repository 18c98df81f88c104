import { randomUUID } from 'node:crypto';
import type { InvoiceStatus } from '../../../../common/billing/billing.ts';
import { liveTopics } from '../../../../common/live.ts';
import type { Db, Tx } from '../../../db/transaction.ts';
import { providerEventFields, recordEvent } from '../../../events/recordEvent.ts';
import type { PaymentEvent, ProviderInvoice } from '../../../integrations/payments/events.ts';
import type { Services } from '../../../rpc/context.ts';
import { accountExists, findAccountIdByCustomer, findBillingAccount, findBillingContact } from '../../../access/accountBilling.ts';
import {
  findInvoiceByProviderId, insertInvoice, type InvoiceLineRow, type InvoiceState, replaceInvoiceLines, updateInvoice,
} from './repository.ts';
import { pastDueMail } from './pastDueMail.ts';
import { findSubscriptionByProviderId, setSubscriptionStatus } from '../subscriptionRepository.ts';
import { driveHosting } from '../subscriptionSync.ts';
import { findCataloguedPrice } from '../../catalog/index.ts';

type InvoiceEvent = Extract<PaymentEvent, { type: 'invoice.paid' | 'invoice.payment_failed' | 'invoice.finalized' | 'invoice.voided' }>;

/**
 * How far an invoice has come: draft, then open, then settled (paid, void) or written off on
 * the way. Paid and void are final, so a report of an earlier stage never undoes them, however
 * late it arrives.
 */
const STAGE: Record<InvoiceStatus, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

/** Whether the reported state replaces the stored one: a later stage always; the same stage only when not older. */
export function supersedes(stored: { status: InvoiceStatus; clock: number }, reported: { status: InvoiceStatus; clock: number }): boolean {
  if (STAGE[reported.status] !== STAGE[stored.status]) return STAGE[reported.status] > STAGE[stored.status];
  return reported.clock >= stored.clock;
}

/**
 * invoice.paid / payment_failed / finalized / voided: the invoice as the provider reports it,
 * then the reactions of a payment: a failed renewal makes the subscription past due and mails
 * the billing contact; a payment makes a past-due subscription active again.
 */
export async function applyInvoiceEvent(tx: Tx, services: Services, event: InvoiceEvent): Promise<void> {
  const invoice = event.data.object;
  const providerSubscriptionId = invoice.parent?.subscription_details?.subscription ?? null;
  const [stored, subscription] = await Promise.all([
    findInvoiceByProviderId(tx.db, invoice.id),
    providerSubscriptionId ? findSubscriptionByProviderId(tx.db, providerSubscriptionId) : undefined,
  ]);
  const accountId = stored?.account_id ?? subscription?.account_id ?? await accountOfInvoice(tx.db, invoice);
  if (!accountId) {
    services.log.warn({ eventId: event.id, invoiceId: invoice.id, customer: invoice.customer }, 'invoice of no known account; ignored');
    return;
  }

  const state = invoiceState(invoice, event.created, providerSubscriptionId);
  let existing = stored;
  let invoiceId: string = randomUUID();
  if (!existing) {
    if (await insertInvoice(tx.db, { id: invoiceId, accountId, providerInvoiceId: invoice.id, state, billing: await billingDetails(tx.db, accountId, invoice) })) {
      await replaceInvoiceLines(tx.db, invoiceId, linesOf(invoice), randomUUID);
    } else {
      // Another delivery about this invoice committed it after this one looked (Stripe sends
      // invoice.finalized and invoice.paid at once; PostgreSQL runs them side by side): compare with it.
      existing = (await findInvoiceByProviderId(tx.db, invoice.id))!;
    }
  }
  if (existing) {
    invoiceId = existing.id;
    if (supersedes({ status: existing.status, clock: Number(existing.provider_updated ?? 0) }, { status: state.status, clock: event.created })) {
      await updateInvoice(tx.db, invoiceId, state);
      await replaceInvoiceLines(tx.db, invoiceId, linesOf(invoice), randomUUID);
    }
  }
  const previousStatus = existing?.status ?? null;
  services.live.publish(tx, liveTopics.billing(accountId), 'billing.changed');
  const fields = providerEventFields(services.payments, event.id);
  const payload = { invoiceId, number: state.number, amountCents: state.amountCents, currency: state.currency };
  const now = services.clock.nowIso();

  if (event.type === 'invoice.paid' && previousStatus !== 'paid') {
    await recordEvent(tx, { type: 'payment.invoice.paid', accountId, ...fields, payload, at: now });
    if (subscription && (subscription.status === 'past_due' || subscription.status === 'unpaid') && event.created >= Number(subscription.provider_updated)) {
      await setSubscriptionStatus(tx.db, subscription.id, 'active', event.created, now);
      await driveHosting(tx, services, { ...subscription, status: 'active' }, invoice.parent?.subscription_details?.metadata);
    }
  }

  // A failure reported after the invoice was settled is history: nobody needs to act on it.
  const settled = previousStatus !== null && STAGE[previousStatus] >= STAGE.paid;
  if (event.type === 'invoice.payment_failed' && !settled) {
    await recordEvent(tx, { type: 'payment.invoice.payment_failed', accountId, severity: 'warning', ...fields, payload: { ...payload, attempt: invoice.attempt_count }, at: now });
    // A one-off charge that failed leaves nothing past due; its checkout simply did not complete.
    if (!providerSubscriptionId) return;
    // A subscription event newer than the failure (canceled, or paid meanwhile) has the last word.
    if (subscription && (subscription.status === 'active' || subscription.status === 'trialing')
      && event.created >= Number(subscription.provider_updated)) {
      await setSubscriptionStatus(tx.db, subscription.id, 'past_due', event.created, now);
      await driveHosting(tx, services, { ...subscription, status: 'past_due' }, invoice.parent?.subscription_details?.metadata);
    }
    const contact = await findBillingContact(tx.db, accountId);
    if (contact) {
      await services.mailer.send(tx, pastDueMail({
        to: contact.billing_email ?? contact.owner_email, accountName: contact.name,
        planName: subscription?.product_name ?? await planOfInvoice(tx.db, invoice),
        amountCents: state.amountCents, currency: state.currency, publicUrl: services.config.PUBLIC_URL,
      }));
    }
  }
}

/** The plan an invoice bills, when its subscription has not reached us yet: the catalogue's name for its price. */
async function planOfInvoice(db: Db, invoice: ProviderInvoice): Promise<string> {
  const line = invoice.lines?.data?.[0];
  const priceId = line?.pricing?.price_details?.price;
  const catalogued = priceId ? await findCataloguedPrice(db, priceId) : undefined;
  return catalogued?.productName ?? line?.description ?? 'hosting';
}

/** The checkout put the account id in the subscription's metadata, which Stripe copies onto its invoices. */
async function accountOfInvoice(db: Db, invoice: ProviderInvoice): Promise<string | null> {
  for (const candidate of [invoice.parent?.subscription_details?.metadata?.accountId, invoice.metadata?.accountId]) {
    if (candidate && await accountExists(db, candidate)) return candidate;
  }
  return findAccountIdByCustomer(db, invoice.customer);
}

const toIsoSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The period an invoice bills. Stripe's own invoice period looks back (empty on a first invoice,
 * the period that ended on a renewal), so a renewal would show the period already paid for; the
 * lines carry the periods of service (Stripe: "use the line item period"). An invoice without
 * lines keeps its own.
 */
export function billedPeriod(invoice: Pick<ProviderInvoice, 'period_start' | 'period_end' | 'lines'> & Partial<Pick<ProviderInvoice, 'metadata' | 'created'>>): { start: number; end: number } {
  const term = serviceTerm(invoice);
  if (term) return term;
  const lines = invoice.lines?.data ?? [];
  if (lines.length === 0) return { start: invoice.period_start, end: invoice.period_end };
  return { start: Math.min(...lines.map((l) => l.period.start)), end: Math.max(...lines.map((l) => l.period.end)) };
}

/**
 * A one-off payment for years of service (a domain's registration or renewal): the provider gives
 * its line no period (Stripe's one-time items span the moment of issue), so the checkout named the
 * term in the metadata. It starts where the checkout said (a renewal: the current expiry), else
 * when the invoice was issued (a registration starts when it is paid).
 */
export function serviceTerm(invoice: Partial<Pick<ProviderInvoice, 'metadata' | 'created'>>): { start: number; end: number } | null {
  if (invoice.created === undefined) return null;
  const years = Number(invoice.metadata?.termYears);
  if (!Number.isInteger(years) || years < 1 || years > 10) return null;
  const from = invoice.metadata?.termFrom ? Date.parse(invoice.metadata.termFrom) : Number.NaN;
  const start = Number.isFinite(from) ? new Date(from) : new Date(invoice.created * 1000);
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return { start: Math.floor(start.getTime() / 1000), end: Math.floor(end.getTime() / 1000) };
}

function invoiceState(invoice: ProviderInvoice, clock: number, subscriptionId: string | null): InvoiceState {
  const period = billedPeriod(invoice);
  const paidAt = invoice.status_transitions?.paid_at ?? null;
  return {
    number: invoice.number ?? invoice.id,
    subscriptionId,
    amountCents: invoice.total,
    subtotalCents: invoice.subtotal,
    taxCents: invoice.total - invoice.subtotal,
    currency: invoice.currency.toUpperCase(),
    status: invoice.status,
    invoiceDate: toIsoSeconds(invoice.created),
    periodStart: toIsoSeconds(period.start),
    periodEnd: toIsoSeconds(period.end),
    paidAt: paidAt === null ? null : toIsoSeconds(paidAt),
    providerUpdated: clock,
  };
}

function linesOf(invoice: ProviderInvoice): InvoiceLineRow[] {
  const term = serviceTerm(invoice);
  return (invoice.lines?.data ?? []).map((line) => {
    const period = term ?? line.period;
    const quantity = line.quantity ?? 1;
    const unit = Number(line.pricing?.unit_amount_decimal);
    return {
      description: line.description ?? '',
      quantity,
      unitAmountCents: Number.isFinite(unit) && line.pricing?.unit_amount_decimal != null ? Math.round(unit) : Math.round(line.amount / (quantity || 1)),
      amountCents: line.amount,
      periodStart: toIsoSeconds(period.start),
      periodEnd: toIsoSeconds(period.end),
    };
  });
}

/** Who the invoice was issued to, as the account's billing profile said then (the provider's record fills gaps). */
async function billingDetails(db: Db, accountId: string, invoice: ProviderInvoice) {
  const account = await findBillingAccount(db, accountId);
  return {
    name: account?.billing_name ?? invoice.customer_name ?? account?.name ?? null,
    email: account?.billing_email ?? invoice.customer_email ?? null,
    address: account?.billing_address ?? null,
    taxId: account?.tax_id ?? null,
  };
}
