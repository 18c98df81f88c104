import type { AdminAccountDetail } from '../../../common/admin/accounts/contract.ts';
import type { AdminUserDetails } from '../../../common/admin/users/contract.ts';
import type { Db } from '../../db/transaction.ts';
import { accountIdsOf } from '../../access/fragments.ts';

/**
 * An account's domains and domain orders as the back office reads them: the newest rows on the
 * account and user detail pages, and what deleting an account checks and moves.
 */

export async function domainsOfAccount(db: Db, accountId: string, limit: number): Promise<AdminAccountDetail['domains']> {
  const rows = await db.selectFrom('domains').select(['id', 'name', 'status', 'expiration_date', 'auto_renew'])
    .where('account_id', '=', accountId).orderBy('name').limit(limit).execute();
  return rows.map((d) => ({ id: d.id, name: d.name, status: d.status, expirationDate: d.expiration_date, autoRenew: d.auto_renew }));
}

/** The account's newest orders. */
export async function ordersOfAccount(db: Db, accountId: string, limit: number): Promise<AdminAccountDetail['orders']> {
  const rows = await db.selectFrom('domain_orders').select(['id', 'kind', 'domain', 'status', 'years', 'total_cents', 'currency', 'created_at'])
    .where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((o) => ({
    id: o.id, kind: o.kind, domain: o.domain, status: o.status, years: o.years, amountCents: o.total_cents, currency: o.currency, createdAt: o.created_at,
  }));
}

/** The newest domain orders of every account the user belongs to. */
export async function ordersOfUsersAccounts(db: Db, userId: string, limit: number): Promise<AdminUserDetails['recentOrders']> {
  const rows = await db.selectFrom('domain_orders as o')
    .select(['o.id', 'o.account_id', 'o.domain', 'o.kind', 'o.status', 'o.total_cents', 'o.currency', 'o.created_at'])
    .where('o.account_id', 'in', (eb) => accountIdsOf(eb, userId))
    .orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
  return rows.map((o) => ({
    id: o.id, accountId: o.account_id, domain: o.domain, kind: o.kind, status: o.status,
    totalCents: Number(o.total_cents), currency: o.currency, createdAt: o.created_at,
  }));
}

export async function countOrdersInProgress(db: Db, accountId: string): Promise<number> {
  const row = await db.selectFrom('domain_orders').select((eb) => eb.fn.countAll().as('c'))
    .where('account_id', '=', accountId).where('status', '=', 'processing').executeTakeFirstOrThrow();
  return Number(row.c);
}

export async function domainNamesOf(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('domains').select('name').where('account_id', '=', accountId).orderBy('name').execute();
  return rows.map((r) => r.name);
}

export async function moveDomains(db: Db, fromAccountId: string, toAccountId: string, now: string): Promise<number> {
  const result = await db.updateTable('domains').set({ account_id: toAccountId, updated_at: now }).where('account_id', '=', fromAccountId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
