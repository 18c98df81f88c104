import {
  INVITATION_ADDRESS_WINDOW_MS, MAX_INVITATIONS_PER_ADDRESS_PER_DAY, MAX_PENDING_INVITATIONS_PER_ACCOUNT,
} from '../../../common/invitations/limits.ts';
import { tooManyInvitationsToAddress, tooManyPendingInvitations } from '../../../common/invitations/texts.ts';
import type { Db } from '../../db/transaction.ts';
import { resourceExhausted } from '../../rpc/errors.ts';
import { countInvitationsToAddressSince, countPendingInvitationsOfAccount } from './repository.ts';

/**
 * Each invitation is a mail the provider sends in the account's name: an account may hold 50
 * pending ones and send 3 to one address in 24 hours (per account, docs/decisions.md). A re-send
 * counts toward the address cap but not twice toward the pending one: it replaces the earlier.
 */
export async function requireWithinInvitationLimits(db: Db, accountId: string, email: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - INVITATION_ADDRESS_WINDOW_MS).toISOString();
  const toAddress = await countInvitationsToAddressSince(db, accountId, email, since);
  if (toAddress >= MAX_INVITATIONS_PER_ADDRESS_PER_DAY) throw resourceExhausted(tooManyInvitationsToAddress(email, MAX_INVITATIONS_PER_ADDRESS_PER_DAY));
  const pending = await countPendingInvitationsOfAccount(db, accountId, now.toISOString(), email);
  if (pending >= MAX_PENDING_INVITATIONS_PER_ACCOUNT) throw resourceExhausted(tooManyPendingInvitations(MAX_PENDING_INVITATIONS_PER_ACCOUNT));
}
