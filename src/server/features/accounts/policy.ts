import type { Kysely } from 'kysely';
import { ACCOUNT_ADMIN_ROLES, type AccountRole } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { permissionDenied } from '../../rpc/errors.ts';
import { findMembershipRole } from './repository.ts';

export const NO_ACCOUNT_ACCESS = 'You do not have access to this account.';
export const NO_SETTINGS_ACCESS = 'You do not have permission to access account settings.';

/**
 * Customer functions act on an account only through a membership. A global super admin
 * reaches other accounts through the back office (audited), never through these.
 */
export async function requireMember(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  const role = await findMembershipRole(db, accountId, caller.userId);
  if (!role) throw permissionDenied(NO_ACCOUNT_ACCESS);
  return role as AccountRole;
}

export function administers(role: AccountRole | null): boolean {
  return role !== null && ACCOUNT_ADMIN_ROLES.includes(role);
}

/** Owners and account admins manage settings, members and billing. */
export async function requireAccountAdmin(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  const role = await requireMember(db, caller, accountId);
  if (!administers(role)) throw permissionDenied(NO_SETTINGS_ACCESS);
  return role;
}

export function accountAbilities(role: AccountRole) {
  const admin = administers(role);
  return { manageSettings: admin, manageMembers: admin, manageBilling: admin };
}
