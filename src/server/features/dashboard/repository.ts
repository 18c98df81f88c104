import type { InvoiceStatus } from '../../../common/billing/billing.ts';
import type { AccountStatus } from '../../../common/constants.ts';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';

interface OverviewRow {
  id: string;
  name: string;
  status: AccountStatus;
  open_ticket_count: number | string;
  invoice_amount_cents: number | null;
  invoice_currency: string | null;
  invoice_date: string | null;
  invoice_id: string | null;
  invoice_status: InvoiceStatus | null;
  past_due_id: string | null;
  past_due_product: string | null;
}

/**
 * The account, its open-ticket count (every status but closed, on tickets_account_status) and its latest invoice
 * (invoices_account_date_id, read backwards) and a past-due subscription (subscriptions_account) in
 * one prepared round trip: the home page's read.
 */
const overview = preparedQuery<{ accountId: string }, OverviewRow>((db, p) => {
  const lastInvoice = db.selectFrom('invoices as i').where('i.account_id', '=', p.accountId)
    .orderBy('i.invoice_date', 'desc').orderBy('i.id', 'desc').limit(1);
  const pastDue = db.selectFrom('subscriptions as s').where('s.account_id', '=', p.accountId).where('s.status', '=', 'past_due')
    .orderBy('s.updated_at', 'desc').limit(1);
  return db.selectFrom('accounts as a')
    .select((eb) => [
      'a.id', 'a.name', 'a.status',
      eb.selectFrom('tickets as t').select((c) => c.fn.countAll<number>().as('n'))
        .where('t.account_id', '=', p.accountId).where('t.status', '<>', 'closed')
        .as('open_ticket_count'),
      lastInvoice.select('i.amount_cents').as('invoice_amount_cents'),
      lastInvoice.select('i.currency').as('invoice_currency'),
      lastInvoice.select('i.invoice_date').as('invoice_date'),
      lastInvoice.select('i.id').as('invoice_id'),
      lastInvoice.select('i.status').as('invoice_status'),
      pastDue.select('s.id').as('past_due_id'),
      pastDue.select('s.product_name').as('past_due_product'),
    ])
    .where('a.id', '=', p.accountId);
});

export async function findAccountOverview(db: Kysely<Database>, accountId: string) {
  return overview.first(db, { accountId });
}
