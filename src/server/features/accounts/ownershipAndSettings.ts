import type { RemovedMemberTicketAccess } from '../../../common/accounts/ticketAccessSetting.ts';
import { moveOwnership } from '../../access/accountOwnership.ts';
import { findRemovedMemberTicketAccess, updateRemovedMemberTicketAccess } from '../../access/accountSettings.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { inTransaction } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';

const ACCOUNT_NOT_FOUND = 'The active account could not be found.';

/** Called after requireOwnershipTransfer: the new owner takes over, the former one stays as an admin. */
export async function transferOwnership({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, accountId: string, change: { previousOwnerId: string; newOwnerId: string }) {
  await inTransaction(db, async (tx) => {
    const at = clock.nowIso();
    await moveOwnership(tx.db, accountId, change.previousOwnerId, change.newOwnerId, at);
    await recordEvent(tx, { type: 'user.account.ownership_transferred', accountId, actor: byCaller(caller), payload: change, at });
  });
}

export async function removedMemberTicketAccessOf(db: Services['db'], accountId: string): Promise<RemovedMemberTicketAccess> {
  const value = await findRemovedMemberTicketAccess(db, accountId);
  if (value === null) throw notFound(ACCOUNT_NOT_FOUND);
  return value;
}

export async function setRemovedMemberTicketAccess({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, accountId: string, value: RemovedMemberTicketAccess) {
  await inTransaction(db, async (tx) => {
    const at = clock.nowIso();
    const before = await findRemovedMemberTicketAccess(tx.db, accountId);
    await updateRemovedMemberTicketAccess(tx.db, accountId, value, at);
    await recordIfActingAs(tx, caller, {
      action: 'account.ticket_access_changed', target: { type: 'account', id: accountId },
      before: { removedMemberTicketAccess: before }, after: { removedMemberTicketAccess: value }, at,
    });
  });
}
