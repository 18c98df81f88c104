import type { z } from 'zod';
import { ACCOUNT_DETAIL_LIST_MAX, ADMIN_ACCOUNT_NOT_FOUND } from '../../../../common/admin/accounts/texts.ts';
import type { adminAccountDetail } from '../../../../common/admin/accounts/contract.ts';
import { findOperatorAccount, membersOfAccount } from '../../../access/operatorAccounts.ts';
import type { Db } from '../../../db/transaction.ts';
import { notFound } from '../../../rpc/errors.ts';
import { accountActivity, recentSince, toAdminAccount } from './service.ts';
import { invoicesOfAccount, subscriptionsOfAccount } from '../../billing/index.ts';
import { domainsOfAccount, ordersOfAccount } from '../../domains/index.ts';
import { ticketsOfAccount } from '../../tickets/index.ts';

const max = ACCOUNT_DETAIL_LIST_MAX;

/** The account and the newest rows of everything it holds, read-only, for the operator's detail page: each from its owner. */
export async function accountDetail(db: Db, accountId: string, now: Date): Promise<z.input<typeof adminAccountDetail>> {
  const account = await findOperatorAccount(db, accountId, recentSince(now), accountActivity);
  if (!account) throw notFound(ADMIN_ACCOUNT_NOT_FOUND);
  const [members, domains, orders, subscriptions, invoices, tickets] = await Promise.all([
    membersOfAccount(db, accountId, max),
    domainsOfAccount(db, accountId, max),
    ordersOfAccount(db, accountId, max),
    subscriptionsOfAccount(db, accountId, max),
    invoicesOfAccount(db, accountId, max),
    ticketsOfAccount(db, accountId, max),
  ]);
  return { account: toAdminAccount(account), members, domains, orders, subscriptions, invoices, tickets };
}
