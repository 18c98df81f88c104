import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import {
  ALREADY_OWNER, IMPERSONATION_CANNOT_TRANSFER, NEW_OWNER_NOT_MEMBER, ONLY_OWNER_TRANSFERS,
} from '../../../common/accounts/ownership.ts';
import { accountAbilities, requireAccountAdmin, requireMember } from '../../access/accountAccess.ts';
import { findMemberRow } from '../../access/members.ts';
import { failedPrecondition, permissionDenied } from '../../rpc/errors.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';

/**
 * Any member reads an account and may make it their active one. A global super admin reaches
 * other accounts only by impersonating them (audited), never as a plain outsider.
 */
export function requireAccountReader(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

/** What the account page offers the caller: settings, members and billing for its owner and admins. */
export const abilitiesOn = accountAbilities;

/**
 * Only the owner hands the account on, to someone already in it. An operator acting as the
 * account never may, even though they act as its admin: the account belongs to its customer.
 */
export async function requireOwnershipTransfer(db: Kysely<Database>, caller: Caller, accountId: string, newOwnerUid: string) {
  await requireMember(db, caller, accountId);
  if (caller.actingAs) throw permissionDenied(IMPERSONATION_CANNOT_TRANSFER);
  const self = await findMemberRow(db, accountId, caller.userId);
  if (!self || self.owner_id !== caller.userId) throw permissionDenied(ONLY_OWNER_TRANSFERS);
  if (newOwnerUid === caller.userId) throw failedPrecondition(ALREADY_OWNER);
  const target = await findMemberRow(db, accountId, newOwnerUid);
  if (!target) throw failedPrecondition(NEW_OWNER_NOT_MEMBER);
  return { previousOwnerId: caller.userId, newOwnerId: target.user_id, newOwnerRole: target.role };
}

/** The account's settings page: its owner and admins (an impersonating operator included, audited). */
export function requireAccountSettingsEditor(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireAccountAdmin(db, caller, accountId);
}
