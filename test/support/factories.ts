import { randomBytes, randomUUID } from 'node:crypto';
import { recordSignUp, SESSION_EXPIRES_IN_S } from '../../src/server/auth/betterAuth.ts';
import { resolveCaller } from '../../src/server/auth/caller.ts';
import { passwordHasher } from '../../src/server/auth/password.ts';
import { nowIso } from '../../src/server/db/connection.ts';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { createAccountOwnedBy } from '../../src/server/features/accounts/service.ts';
import { TEST_PASSWORD, type TestApp, type TestUser } from './testApp.ts';

export interface NewUser {
  name?: string;
  email?: string;
  /** Whether the address is proven; true unless a test is about an unverified one. */
  emailVerified?: boolean;
}

/**
 * A user with a bearer token, written as better-auth's sign-up would leave them (user row, password
 * identity, session, the user.signed_up event) without its HTTP round trips, mail and rate limits.
 * HTTP sign-up and verification are for the tests of those flows (`t.signUp`, `t.signUpVerified`).
 */
export async function createUser(t: TestApp, options: NewUser = {}): Promise<TestUser> {
  const suffix = randomBytes(5).toString('hex');
  const user = {
    id: randomUUID(), name: options.name ?? `User ${suffix}`, email: (options.email ?? `user-${suffix}@example.test`).toLowerCase(),
    emailVerified: options.emailVerified ?? true,
  };
  // better-auth's token alphabet and length; the session lookup takes it as the bearer credential.
  const token = randomBytes(16).toString('hex');
  const password = await passwordHasher(t.services.config.passwordHashCost).hash(TEST_PASSWORD);
  // The app's own clock, so a test on a ManualClock sees its users made at its time.
  const now = t.services.clock.now();
  const at = now.toISOString();
  await inTransaction(t.services.db, async (tx) => {
    await tx.db.insertInto('users').values({
      id: user.id, name: user.name, email: user.email, email_verified: user.emailVerified, image: null, role: 'user',
      phone_number: null, active_account_id: null, created_at: at, updated_at: at,
    }).execute();
    await tx.db.insertInto('auth_identity').values({
      id: randomUUID(), account_id: user.id, provider_id: 'credential', user_id: user.id, password, created_at: at, updated_at: at,
    }).execute();
    await tx.db.insertInto('auth_session').values({
      id: randomUUID(), token, user_id: user.id, ip_address: null, user_agent: null, created_at: at, updated_at: at,
      expires_at: new Date(now.getTime() + SESSION_EXPIRES_IN_S * 1000).toISOString(),
    }).execute();
    await recordSignUp(tx, user, at);
  });
  return { id: user.id, email: user.email, name: user.name, token };
}

/**
 * An account owned by `owner`, made by the accounts service as createAccount makes it (the owner's
 * membership, their active account, the user.account.created event), without the HTTP call.
 */
export async function createAccount(t: TestApp, owner: TestUser, name = `Account of ${owner.name}`): Promise<string> {
  const caller = await resolveCaller(t.services, owner.token);
  if (!caller) throw new Error(`no session for ${owner.email}`);
  return (await createAccountOwnedBy(t.services, caller, name)).id;
}

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
 * A fresh account with its three kinds of member, each with a verified address. The admin and
 * member are added as rows, as an accepted invitation would leave them, so this factory does not
 * depend on the invitation flow it helps test.
 */
export async function accountWithMembers(t: TestApp): Promise<AccountWithMembers> {
  const [owner, admin, member] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  const accountId = await createAccount(t, owner);
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
  const [base, outsider, globalAdmin] = await Promise.all([accountWithMembers(t), createUser(t), createUser(t)]);
  const otherAccountId = await createAccount(t, outsider, `Other account of ${outsider.name}`);
  await makeGlobalSuperAdmin(t, globalAdmin);
  return { ...base, outsider, otherAccountId, globalAdmin };
}
