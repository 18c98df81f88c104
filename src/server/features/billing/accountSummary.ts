import type { Kysely } from 'kysely';
import type { InvoiceStatus } from '../../../common/billing/billing.ts';
import type { getDashboard } from '../../../common/dashboard/contract.ts';
import type { OutputOf } from '../../../common/protocol.ts';
import { toIso } from '../../db/connection.ts';
import { preparedQuery } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';

type Dashboard = OutputOf<typeof getDashboard>;
export type AccountBillingSummary = Pick<Dashboard, 'lastInvoice' | 'pastDueSubscription'>;

interface SummaryRow {
  invoice_amount_cents: number | null;
  invoice_currency: string | null;
  invoice_date: Date | string | null;
  invoice_id: string | null;
  invoice_status: InvoiceStatus | null;
  past_due_id: string | null;
  past_due_product: string | null;
}

/**
 * The latest invoice (invoices_account_date_id, read backwards) and a past-due subscription
 * (subscriptions_account) in one prepared round trip: the home page asks it on every load.
 */
const summary = preparedQuery<{ accountId: string }, SummaryRow>((db, p) => {
  const lastInvoice = db.selectFrom('invoices as i').where('i.account_id', '=', p.accountId)
    .orderBy('i.invoice_date', 'desc').orderBy('i.id', 'desc').limit(1);
  const pastDue = db.selectFrom('subscriptions as s').where('s.account_id', '=', p.accountId).where('s.status', '=', 'past_due')
    .orderBy('s.updated_at', 'desc').limit(1);
  return db.selectNoFrom([
    lastInvoice.select('i.amount_cents').as('invoice_amount_cents'),
    lastInvoice.select('i.currency').as('invoice_currency'),
    lastInvoice.select('i.invoice_date').as('invoice_date'),
    lastInvoice.select('i.id').as('invoice_id'),
    lastInvoice.select('i.status').as('invoice_status'),
    pastDue.select('s.id').as('past_due_id'),
    pastDue.select('s.product_name').as('past_due_product'),
  ]);
});

/** What the home page shows of the account's billing. */
export async function accountBillingSummary(db: Kysely<Database>, accountId: string): Promise<AccountBillingSummary> {
  const row = await summary.first(db, { accountId });
  return {
    lastInvoice: row && row.invoice_date != null
      ? {
        id: row.invoice_id!, amountCents: Number(row.invoice_amount_cents), currency: row.invoice_currency!,
        invoiceDate: toIso(row.invoice_date)!, status: row.invoice_status!,
      }
      : null,
    pastDueSubscription: row?.past_due_id ? { id: row.past_due_id, productName: row.past_due_product! } : null,
  };
}
