import type { AdminAccountDetail } from '../../../common/admin/accounts/contract.ts';
import type { Db } from '../../db/transaction.ts';

/** An account's newest subscriptions and invoices, for the back office's account page. */

export async function subscriptionsOfAccount(db: Db, accountId: string, limit: number): Promise<AdminAccountDetail['subscriptions']> {
  const rows = await db.selectFrom('subscriptions').select(['id', 'product_name', 'status', 'interval', 'unit_amount', 'currency', 'current_period_end'])
    .where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((s) => ({
    id: s.id, productName: s.product_name, status: s.status, interval: s.interval, amountCents: s.unit_amount, currency: s.currency,
    currentPeriodEnd: s.current_period_end,
  }));
}

export async function invoicesOfAccount(db: Db, accountId: string, limit: number): Promise<AdminAccountDetail['invoices']> {
  const rows = await db.selectFrom('invoices').select(['id', 'number', 'status', 'amount_cents', 'currency', 'invoice_date'])
    .where('account_id', '=', accountId).orderBy('invoice_date', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((i) => ({ id: i.id, number: i.number, status: i.status, amountCents: i.amount_cents, currency: i.currency, invoiceDate: i.invoice_date }));
}
