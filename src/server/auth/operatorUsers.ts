import { type Kysely, sql } from 'kysely';
import type { GlobalRole } from '../../common/constants.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';

/**
 * The back office's reads of users and their sign-in (identity's tables): one user, how sign-in
 * went, the counts of the stats page; and the two changes an operator's act makes here beside
 * auth/users.ts: ending a user's sessions, forgetting a deleted account.
 */

export const roleOf = (role: string): GlobalRole => (role === 'super_admin' ? 'super_admin' : 'user');

/** A user as operators decide on one. */
export interface OperatorUser {
  id: string;
  email: string;
  displayName: string;
  phoneNumber: string | null;
  globalRole: GlobalRole;
  emailVerified: boolean;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export async function findOperatorUser(db: Kysely<Database>, userId: string): Promise<OperatorUser | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  return user && {
    id: user.id, email: user.email, displayName: user.name, phoneNumber: user.phone_number, globalRole: roleOf(user.role),
    emailVerified: user.email_verified, disabled: user.disabled,
    createdAt: user.created_at, updatedAt: user.updated_at,
  };
}

/** The user holding exactly this address (addresses are stored lower-case). */
export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

/** The user holding this address in any case. */
export async function findUserIdByEmailAnyCase(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${email.toLowerCase()}`).executeTakeFirst();
  return row?.id ?? null;
}

/** A user's name and address, for an order's detail page. */
export async function findUserContact(db: Db, userId: string) {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** How the user signs in (providers) and when a session last began. */
export async function signInFactsOf(db: Kysely<Database>, userId: string) {
  const [providers, last] = await Promise.all([
    db.selectFrom('auth_identity').select('provider_id').distinct().where('user_id', '=', userId).orderBy('provider_id').execute(),
    db.selectFrom('auth_session').select('created_at').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { providers: providers.map((p) => p.provider_id), lastSignInAt: last?.created_at ?? null };
}

export async function countSuperAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('role', '=', 'super_admin').executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function endSessionsOf(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('auth_session').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** users.active_account_id has no foreign key: nobody should keep a deleted account as their active one. */
export async function forgetActiveAccount(db: Db, accountId: string): Promise<void> {
  await db.updateTable('users').set({ active_account_id: null }).where('active_account_id', '=', accountId).execute();
}

const DAY_MS = 86_400_000;

// The stats page's counts read ranges of an index (users_created_id, users_role_created_id), never the table.
export async function countUsers(db: Kysely<Database>): Promise<{ total: number; superAdmins: number }> {
  const [total, superAdmins] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'super_admin').executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n ?? 0), superAdmins: Number(superAdmins.n ?? 0) };
}

/** Sign-ups on each of `days` UTC days from `firstDay` on: one range of users_created_id per day. */
export async function countSignUpsPerDay(db: Kysely<Database>, firstDay: Date, days: number): Promise<Map<string, number>> {
  const counts = await Promise.all(Array.from({ length: days }, async (_, i) => {
    const start = new Date(firstDay.getTime() + i * DAY_MS);
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>=', start.toISOString() as never)
      .where('created_at', '<', new Date(start.getTime() + DAY_MS).toISOString() as never)
      .executeTakeFirstOrThrow();
    return [start.toISOString().slice(0, 10), Number(row.n ?? 0)] as const;
  }));
  return new Map(counts);
}
