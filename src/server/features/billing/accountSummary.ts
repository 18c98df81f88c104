import type { InvoiceStatus } from '../../../common/billing/billing.ts';
import type { getDashboard } from '../../../common/dashboard/contract.ts';
import type { OutputOf } from '../../../common/protocol.ts';
import type { FragmentScope } from '../../db/fragment.ts';

export type AccountBillingSummary = Pick<OutputOf<typeof getDashboard>, 'lastInvoice' | 'pastDueSubscription'>;

/** The columns billingSummaryColumns adds to the caller's row. */
export interface BillingSummaryColumns {
  invoice_amount_cents: number | null;
  invoice_currency: string | null;
  invoice_date: string | null;
  invoice_id: string | null;
  invoice_status: InvoiceStatus | null;
  past_due_id: string | null;
  past_due_product: string | null;
}

/**
 * The account's latest invoice (invoices_account_date_id, read backwards) and a past-due
 * subscription (subscriptions_account), as columns of the caller's query: the home page reads them
 * beside the account in one prepared round trip, and billingSummaryOf reads them back.
 */
export function billingSummaryColumns(eb: FragmentScope, accountId: string) {
  const lastInvoice = eb.selectFrom('invoices as i').where('i.account_id', '=', accountId)
    .orderBy('i.invoice_date', 'desc').orderBy('i.id', 'desc').limit(1);
  const pastDue = eb.selectFrom('subscriptions as s').where('s.account_id', '=', accountId).where('s.status', '=', 'past_due')
    .orderBy('s.updated_at', 'desc').limit(1);
  return [
    lastInvoice.select('i.amount_cents').as('invoice_amount_cents'),
    lastInvoice.select('i.currency').as('invoice_currency'),
    lastInvoice.select('i.invoice_date').as('invoice_date'),
    lastInvoice.select('i.id').as('invoice_id'),
    lastInvoice.select('i.status').as('invoice_status'),
    pastDue.select('s.id').as('past_due_id'),
    pastDue.select('s.product_name').as('past_due_product'),
  ] as const;
}

export function billingSummaryOf(row: BillingSummaryColumns): AccountBillingSummary {
  return {
    lastInvoice: row.invoice_date != null
      ? {
        id: row.invoice_id!, amountCents: Number(row.invoice_amount_cents), currency: row.invoice_currency!,
        invoiceDate: row.invoice_date, status: row.invoice_status!,
      }
      : null,
    pastDueSubscription: row.past_due_id ? { id: row.past_due_id, productName: row.past_due_product! } : null,
  };
}
