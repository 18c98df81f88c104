import type { Kysely, Selectable } from 'kysely';
import { INVOICES_PAGE_SIZE } from '../../../../common/billing/billing.ts';
import { INVOICE_NOT_FOUND, type InvoiceDetail, type InvoiceSummary } from '../../../../common/billing/contract.ts';
import type { Database, InvoicesTable } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { notFound } from '../../../rpc/errors.ts';
import { decodeInvoiceCursor, encodeInvoiceCursor } from './cursor.ts';
import { findInvoice, listInvoiceLines, listInvoicesOfAccount } from './repository.ts';

type SummaryRow = Pick<Selectable<InvoicesTable>, 'id' | 'number' | 'invoice_date' | 'amount_cents' | 'currency' | 'status' | 'period_start' | 'period_end' | 'refunded_cents' | 'refunded_at'>;

/** Invoices from before the provider integration have no number: their id stands in. */
export function toInvoiceSummary(row: SummaryRow): InvoiceSummary {
  return {
    id: row.id, number: row.number ?? row.id, invoiceDate: row.invoice_date, amountCents: Number(row.amount_cents),
    currency: row.currency, status: row.status, periodStart: row.period_start, periodEnd: row.period_end,
    refundedCents: Number(row.refunded_cents), refundedAt: row.refunded_at,
  };
}

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfInvoices(db: Kysely<Database>, accountId: string, cursor: string | null | undefined) {
  const after = cursor ? decodeInvoiceCursor(cursor) : null;
  const rows = await listInvoicesOfAccount(db, accountId, INVOICES_PAGE_SIZE + 1, after);
  const invoices = rows.slice(0, INVOICES_PAGE_SIZE).map(toInvoiceSummary);
  const last = invoices.at(-1);
  const nextCursor = rows.length > INVOICES_PAGE_SIZE && last ? encodeInvoiceCursor({ invoiceDate: last.invoiceDate, id: last.id }) : null;
  return { invoices, nextCursor };
}

export const invoicePdfPath = (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}.pdf`;

/** Call only after the invoice policy has allowed the caller. */
export async function invoiceDetail(db: Db, invoiceId: string): Promise<InvoiceDetail> {
  const [invoice, lines] = await Promise.all([findInvoice(db, invoiceId), listInvoiceLines(db, invoiceId)]);
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  const amountCents = Number(invoice.amount_cents);
  const subtotalCents = invoice.subtotal_cents === null ? amountCents : Number(invoice.subtotal_cents);
  return {
    ...toInvoiceSummary(invoice),
    accountId: invoice.account_id,
    subtotalCents,
    taxCents: invoice.tax_cents === null ? amountCents - subtotalCents : Number(invoice.tax_cents),
    paidAt: invoice.paid_at,
    billingName: invoice.billing_name ?? '',
    billingEmail: invoice.billing_email ?? '',
    billingAddress: invoice.billing_address ?? '',
    taxId: invoice.tax_id ?? '',
    lines: lines.map((line) => ({
      description: line.description, quantity: Number(line.quantity), unitAmountCents: Number(line.unit_amount_cents),
      amountCents: Number(line.amount_cents), periodStart: line.period_start, periodEnd: line.period_end,
    })),
    pdfPath: invoicePdfPath(invoice.id),
  };
}
