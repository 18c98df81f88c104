import type { Kysely } from 'kysely';
import { ACCOUNT_ADMIN_ROLES, type AccountRole, type AccountStatus } from '../../common/constants.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';
import type { Caller } from '../rpc/context.ts';
import { permissionDenied } from '../rpc/errors.ts';
import { findAccountHeader, findMembershipRole, listMembershipRows } from './repository.ts';

export const NO_ACCOUNT_ACCESS = 'You do not have access to this account.';
export const NO_SETTINGS_ACCESS = 'You do not have permission to access account settings.';

/**
 * The role an impersonating global super admin holds in the account they act as: an account
 * admin, so support can do what the customer's admins do (settings, members, tickets), but not
 * what only the owner may (the owner is who the account belongs to).
 */
export const IMPERSONATION_ROLE: AccountRole = 'super_admin';

export interface AccountAbilities {
  manageSettings: boolean;
  manageMembers: boolean;
  manageBilling: boolean;
}

/**
 * The caller's role in an account, given the stored membership role (for features that read
 * it in their own query). An impersonating operator counts as IMPERSONATION_ROLE in the account
 * they act as and as nobody anywhere else, their own memberships included: the session acts
 * as that account until the impersonation stops.
 */
export function effectiveRole(caller: Caller, accountId: string, storedRole: AccountRole | null): AccountRole | null {
  if (caller.actingAs) return caller.actingAs.accountId === accountId ? IMPERSONATION_ROLE : null;
  return storedRole;
}

/** Customer functions reach an account only through a membership (or an impersonation of it). */
export async function roleIn(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole | null> {
  if (caller.actingAs) return effectiveRole(caller, accountId, null);
  return findMembershipRole(db, accountId, caller.userId);
}

export async function requireMember(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  const role = await roleIn(db, caller, accountId);
  if (!role) throw permissionDenied(NO_ACCOUNT_ACCESS);
  return role;
}

/**
 * Operators' areas (the catalogue, suppliers, the back office) are for global super admins only;
 * the protocol already refuses a back-office contract to anyone else, and each area's policy
 * states the rule again beside what it protects.
 */
export function requireGlobalSuperAdmin(caller: Caller): void {
  if (caller.globalRole !== 'super_admin') throw permissionDenied();
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

export function accountAbilities(role: AccountRole | null): AccountAbilities {
  const admin = administers(role);
  return { manageSettings: admin, manageMembers: admin, manageBilling: admin };
}

export interface Membership {
  accountId: string;
  accountName: string;
  accountStatus: AccountStatus;
  role: AccountRole;
  abilities: AccountAbilities;
}

/** The accounts the caller acts in, with their role and abilities in each: while impersonating, only that account. */
export async function membershipsOf(db: Db, caller: Caller): Promise<Membership[]> {
  const rows = caller.actingAs
    ? [await findAccountHeader(db, caller.actingAs.accountId)].filter((a) => a !== undefined).map((a) => ({ ...a, role: IMPERSONATION_ROLE }))
    : await listMembershipRows(db, caller.userId);
  return rows.map((r) => ({ accountId: r.id, accountName: r.name, accountStatus: r.status, role: r.role, abilities: accountAbilities(r.role) }));
}
