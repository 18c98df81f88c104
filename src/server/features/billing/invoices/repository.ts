import type { Kysely } from 'kysely';
import type { InvoiceStatus } from '../../../../common/billing/billing.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { memberRole } from '../../../access/fragments.ts';

/** A position in the newest-first invoice list: the last row of the previous page. */
export interface InvoiceListPosition {
  invoiceDate: string;
  id: string;
}

const summaryColumns = ['id', 'number', 'invoice_date', 'amount_cents', 'currency', 'status', 'period_start', 'period_end', 'refunded_cents', 'refunded_at'] as const;

/** What the read rule needs: the invoice's account and the caller's role there (if any). */
export async function findInvoiceAccessFacts(db: Db, invoiceId: string, userId: string) {
  return db.selectFrom('invoices as i')
    .select((eb) => ['i.account_id', memberRole(eb, eb.ref('i.account_id'), userId).as('caller_role')])
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
}

/** Newest first, on invoices_account_date_id; one page from `after` (exclusive). */
export async function listInvoicesOfAccount(db: Kysely<Database>, accountId: string, limit: number, after: InvoiceListPosition | null) {
  let query = db.selectFrom('invoices').select(summaryColumns).where('account_id', '=', accountId);
  if (after) {
    query = query.where((eb) => eb.or([
      eb('invoice_date', '<', after.invoiceDate),
      eb.and([eb('invoice_date', '=', after.invoiceDate), eb('id', '<', after.id)]),
    ]));
  }
  return query.orderBy('invoice_date', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findInvoice(db: Db, invoiceId: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
}

export async function listInvoiceLines(db: Db, invoiceId: string) {
  return db.selectFrom('invoice_lines')
    .select(['description', 'quantity', 'unit_amount_cents', 'amount_cents', 'period_start', 'period_end'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
}

/**
 * Records money given back on a paid invoice (a refunded domain order), as Stripe does: the
 * invoice stays paid and carries what was refunded. Adds up, never past the invoice's total.
 * Answers the invoice's account, or undefined when the invoice has not reached us.
 */
export async function recordInvoiceRefund(db: Db, providerInvoiceId: string, refund: { amountCents: number; at: string }) {
  const invoice = await db.selectFrom('invoices').select(['id', 'account_id', 'amount_cents', 'refunded_cents'])
    .where('provider_invoice_id', '=', providerInvoiceId).executeTakeFirst();
  if (!invoice) return undefined;
  const refunded = Math.min(Number(invoice.amount_cents), Number(invoice.refunded_cents) + refund.amountCents);
  await db.updateTable('invoices').set({ refunded_cents: refunded, refunded_at: refund.at }).where('id', '=', invoice.id).execute();
  return { invoiceId: invoice.id, accountId: invoice.account_id };
}

export async function findInvoiceByProviderId(db: Db, providerInvoiceId: string) {
  return db.selectFrom('invoices')
    .select(['id', 'account_id', 'status', 'provider_updated'])
    .where('provider_invoice_id', '=', providerInvoiceId)
    .executeTakeFirst();
}

/** The invoice as the provider last reported it; the billing details are copied only when the row is created. */
export interface InvoiceState {
  number: string;
  subscriptionId: string | null;
  amountCents: number;
  subtotalCents: number;
  taxCents: number;
  currency: string;
  status: InvoiceStatus;
  invoiceDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  paidAt: string | null;
  providerUpdated: number;
}

export interface InvoiceLineRow {
  description: string;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
  periodStart: string | null;
  periodEnd: string | null;
}

const stateColumns = (s: InvoiceState) => ({
  number: s.number, subscription_id: s.subscriptionId, amount_cents: s.amountCents, subtotal_cents: s.subtotalCents,
  tax_cents: s.taxCents, currency: s.currency, status: s.status, invoice_date: s.invoiceDate, period_start: s.periodStart,
  period_end: s.periodEnd, paid_at: s.paidAt, provider_updated: s.providerUpdated,
});

/** Answers false when the provider's invoice is stored already (another delivery committed it since this one looked). */
export async function insertInvoice(db: Db, row: {
  id: string; accountId: string; providerInvoiceId: string; state: InvoiceState;
  billing: { name: string | null; email: string | null; address: string | null; taxId: string | null };
}): Promise<boolean> {
  const inserted = await db.insertInto('invoices').values({
    id: row.id, account_id: row.accountId, provider_invoice_id: row.providerInvoiceId, ...stateColumns(row.state),
    billing_name: row.billing.name, billing_email: row.billing.email, billing_address: row.billing.address, tax_id: row.billing.taxId,
  }).onConflict((oc) => oc.column('provider_invoice_id').doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

export async function updateInvoice(db: Db, id: string, state: InvoiceState) {
  await db.updateTable('invoices').set(stateColumns(state)).where('id', '=', id).execute();
}

/** The provider's lines replace ours: a finalized invoice's lines do not change, a draft's may. */
export async function replaceInvoiceLines(db: Db, invoiceId: string, lines: readonly InvoiceLineRow[], newId: () => string) {
  await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  if (lines.length === 0) return;
  await db.insertInto('invoice_lines').values(lines.map((line, position) => ({
    id: newId(), invoice_id: invoiceId, position, description: line.description, quantity: line.quantity,
    unit_amount_cents: line.unitAmountCents, amount_cents: line.amountCents, period_start: line.periodStart, period_end: line.periodEnd,
  }))).execute();
}
