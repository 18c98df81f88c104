import type { Kysely } from 'kysely';
import type { OutputOf } from '../../../common/protocol.ts';
import type { getDashboard } from '../../../common/dashboard/contract.ts';
import { findAccountHeader } from '../../access/repository.ts';
import type { Database } from '../../db/schema.ts';
import { accountBillingSummary } from '../billing/index.ts';
import { countOpenTickets } from '../tickets/index.ts';

type Dashboard = OutputOf<typeof getDashboard>;

/**
 * The account, its open-ticket count, its last invoice and a past-due subscription: each owner's
 * prepared read, run at once. Returns null for an unknown account rather than throwing, so that a
 * caller who runs it beside the policy check never answers an outsider with anything but the policy's error.
 */
export async function accountOverview(db: Kysely<Database>, accountId: string): Promise<Dashboard | null> {
  const [account, openTicketCount, billing] = await Promise.all([
    findAccountHeader(db, accountId), countOpenTickets(db, accountId), accountBillingSummary(db, accountId),
  ]);
  if (!account) return null;
  return { account: { id: account.id, name: account.name, status: account.status }, openTicketCount, ...billing };
}
