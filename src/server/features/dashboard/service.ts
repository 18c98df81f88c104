import type { Kysely } from 'kysely';
import type { OutputOf } from '../../../common/protocol.ts';
import type { getDashboard } from '../../../common/dashboard/contract.ts';
import type { Database } from '../../db/schema.ts';
import { billingSummaryOf } from '../billing/index.ts';
import { findAccountOverview } from './repository.ts';

type Dashboard = OutputOf<typeof getDashboard>;

/**
 * The account, its open-ticket count, its last invoice and a past-due subscription, in one indexed read.
 * Returns null for an unknown account rather than throwing, so that a caller who runs it
 * beside the policy check never answers an outsider with anything but the policy's error.
 */
export async function accountOverview(db: Kysely<Database>, accountId: string): Promise<Dashboard | null> {
  const account = await findAccountOverview(db, accountId);
  if (!account) return null;
  return {
    account: { id: account.id, name: account.name, status: account.status },
    openTicketCount: Number(account.open_ticket_count ?? 0),
    ...billingSummaryOf(account),
  };
}
