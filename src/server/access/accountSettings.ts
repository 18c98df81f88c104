import type { RemovedMemberTicketAccess } from '../../common/accounts/ticketAccessSetting.ts';
import type { Db } from '../db/transaction.ts';

/** The account's own settings (tenancy's accounts row) that other areas' rules read. */

export async function findRemovedMemberTicketAccess(db: Db, accountId: string): Promise<RemovedMemberTicketAccess | null> {
  const row = await db.selectFrom('accounts').select('removed_member_ticket_access').where('id', '=', accountId).executeTakeFirst();
  return row?.removed_member_ticket_access ?? null;
}

export async function updateRemovedMemberTicketAccess(db: Db, accountId: string, value: RemovedMemberTicketAccess, at: string): Promise<void> {
  await db.updateTable('accounts').set({ removed_member_ticket_access: value, updated_at: at }).where('id', '=', accountId).execute();
}
