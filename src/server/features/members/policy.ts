import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { notFound, permissionDenied } from '../../rpc/errors.ts';
import { administers, requireAccountAdmin } from '../../access/accountAccess.ts';
import { findMemberRow } from '../../access/members.ts';

export const MEMBER_NOT_FOUND = 'Member not found.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const CANNOT_CHANGE_OWNER_ROLE = 'The account owner\'s role cannot be changed.';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the account.';
export const CANNOT_REMOVE_OWNER = 'The account owner cannot be removed.';

export interface MemberAbilities {
  canChangeRole: boolean;
  canRemove: boolean;
}

/**
 * What a viewer may do to one member row: only an owner or account admin, never on their own
 * row, never on the owner's row (the owner is who the account belongs to; it is transferred,
 * not demoted).
 */
export function memberAbilities(viewer: { userId: string; role: AccountRole }, target: { userId: string; isOwner: boolean }): MemberAbilities {
  const allowed = administers(viewer.role) && target.userId !== viewer.userId && !target.isOwner;
  return { canChangeRole: allowed, canRemove: allowed };
}

/** The members list is member management: owners and account admins only. */
export function requireMemberListReader(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireAccountAdmin(db, caller, accountId);
}

export type MemberAction = 'changeRole' | 'remove';

/**
 * The checks behind updateMemberRole and removeMember, in the order that leaks least:
 * the caller must administer the account before learning whether the target is a member.
 */
export async function requireManageableMember(db: Kysely<Database>, caller: Caller, accountId: string, memberUid: string, action: MemberAction) {
  await requireAccountAdmin(db, caller, accountId);
  const target = await findMemberRow(db, accountId, memberUid);
  if (!target) throw notFound(MEMBER_NOT_FOUND);
  if (target.user_id === caller.userId) throw permissionDenied(action === 'changeRole' ? CANNOT_CHANGE_OWN_ROLE : CANNOT_REMOVE_SELF);
  if (isOwnerRow(target)) throw permissionDenied(action === 'changeRole' ? CANNOT_CHANGE_OWNER_ROLE : CANNOT_REMOVE_OWNER);
  return { userId: target.user_id, role: target.role };
}

export function isOwnerRow(row: { user_id: string; role: AccountRole; owner_id: string }): boolean {
  return row.role === 'account_owner' || row.user_id === row.owner_id;
}
