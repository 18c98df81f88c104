import { nowIso } from '../../src/server/db/connection.ts';
import type { TestApp, TestUser } from './testApp.ts';

export interface AccountWithMembers {
  accountId: string;
  /** account_owner: created the account through createAccount. */
  owner: TestUser;
  /** super_admin of the account (an account admin, not a global super admin). */
  admin: TestUser;
  /** plain member. */
  member: TestUser;
}

/**
 * A fresh account with its three kinds of member, each with a verified address. The owner creates it through the real
 * createAccount function; the admin and member are added as rows, as an accepted invitation
 * would leave them, so this factory does not depend on the invitation flow it helps test.
 */
export async function accountWithMembers(t: TestApp): Promise<AccountWithMembers> {
  const [owner, admin, member] = await Promise.all([t.signUpVerified(), t.signUpVerified(), t.signUpVerified()]);
  const created = await t.call('createAccount', { accountName: `Account of ${owner.name}` }, owner);
  if (created.status !== 200) throw new Error(`createAccount failed ${created.status}: ${JSON.stringify(created.error)}`);
  const accountId: string = created.result.account.id;
  await addMember(t, accountId, admin, 'super_admin');
  await addMember(t, accountId, member, 'member');
  return { accountId, owner, admin, member };
}

/** Adds an existing user to an account with a role and makes it their active account. */
export async function addMember(t: TestApp, accountId: string, user: TestUser, role: 'super_admin' | 'member') {
  const db = t.services.db;
  await db.insertInto('account_members').values({ account_id: accountId, user_id: user.id, role, joined_at: nowIso() }).execute();
  await db.updateTable('users').set({ active_account_id: accountId }).where('id', '=', user.id).execute();
}

/** Global (platform) super admin: the users.role column, not an account role. */
export async function makeGlobalSuperAdmin(t: TestApp, user: TestUser): Promise<void> {
  await t.services.db.updateTable('users').set({ role: 'super_admin' }).where('id', '=', user.id).execute();
}

/** Every kind of caller a permission matrix needs, around one account. */
export interface PermissionCast extends AccountWithMembers {
  /** Owner of a different account, with no membership in accountId. */
  outsider: TestUser;
  /** The outsider's own account (its data must never reach the cast of accountId, and vice versa). */
  otherAccountId: string;
  /** Global super admin who is not a member of accountId (an outsider to customer functions). */
  globalAdmin: TestUser;
}

export async function permissionCast(t: TestApp): Promise<PermissionCast> {
  const [base, outsider, globalAdmin] = await Promise.all([accountWithMembers(t), t.signUpVerified(), t.signUpVerified()]);
  const other = await t.call('createAccount', { accountName: `Other account of ${outsider.name}` }, outsider);
  if (other.status !== 200) throw new Error(`createAccount failed ${other.status}: ${JSON.stringify(other.error)}`);
  await makeGlobalSuperAdmin(t, globalAdmin);
  return { ...base, outsider, otherAccountId: other.result.account.id, globalAdmin };
}
