import type { z } from 'zod';
import { ACCOUNT_DETAIL_LIST_MAX, ADMIN_ACCOUNT_NOT_FOUND } from '../../../../common/admin/accounts/texts.ts';
import type { adminAccountDetail } from '../../../../common/admin/accounts/contract.ts';
import type { Db } from '../../../db/transaction.ts';
import { notFound } from '../../../rpc/errors.ts';
import { accountWithCounts } from './repository.ts';
import { recentSince, toAdminAccount } from './service.ts';

const max = ACCOUNT_DETAIL_LIST_MAX;

/** The account and the newest rows of everything it holds, read-only, for the operator's detail page. */
export async function accountDetail(db: Db, accountId: string, now: Date): Promise<z.input<typeof adminAccountDetail>> {
  const row = await accountWithCounts(db, accountId, recentSince(now));
  if (!row) throw notFound(ADMIN_ACCOUNT_NOT_FOUND);
  const [members, domains, orders, subscriptions, invoices, tickets] = await Promise.all([
    db.selectFrom('account_members as m').innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.name', 'u.email', 'm.role', 'm.joined_at'])
      .where('m.account_id', '=', accountId).orderBy('m.joined_at').orderBy('m.user_id').limit(max).execute(),
    db.selectFrom('domains').select(['id', 'name', 'status', 'expiration_date', 'auto_renew'])
      .where('account_id', '=', accountId).orderBy('name').limit(max).execute(),
    db.selectFrom('domain_orders').select(['id', 'kind', 'domain', 'status', 'years', 'total_cents', 'currency', 'created_at'])
      .where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(max).execute(),
    db.selectFrom('subscriptions').select(['id', 'product_name', 'status', 'interval', 'unit_amount', 'currency', 'current_period_end'])
      .where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(max).execute(),
    db.selectFrom('invoices').select(['id', 'number', 'status', 'amount_cents', 'currency', 'invoice_date'])
      .where('account_id', '=', accountId).orderBy('invoice_date', 'desc').orderBy('id', 'desc').limit(max).execute(),
    db.selectFrom('tickets').select(['id', 'subject', 'status', 'priority', 'created_at'])
      .where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(max).execute(),
  ]);
  return {
    account: toAdminAccount(row),
    members: members.map((m) => ({ userId: m.user_id, name: m.name, email: m.email, role: m.role, joinedAt: m.joined_at })),
    domains: domains.map((d) => ({ id: d.id, name: d.name, status: d.status, expirationDate: d.expiration_date, autoRenew: d.auto_renew })),
    orders: orders.map((o) => ({
      id: o.id, kind: o.kind, domain: o.domain, status: o.status, years: o.years, amountCents: o.total_cents, currency: o.currency, createdAt: o.created_at,
    })),
    subscriptions: subscriptions.map((s) => ({
      id: s.id, productName: s.product_name, status: s.status, interval: s.interval, amountCents: s.unit_amount, currency: s.currency,
      currentPeriodEnd: s.current_period_end,
    })),
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, status: i.status, amountCents: i.amount_cents, currency: i.currency, invoiceDate: i.invoice_date })),
    tickets: tickets.map((t) => ({ id: t.id, subject: t.subject, status: t.status, priority: t.priority, createdAt: t.created_at })),
  };
}
