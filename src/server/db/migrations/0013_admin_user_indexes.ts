import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The back office's user list (getAllUsers) pages by keyset on (sort key, id), optionally within
// one global role; each sort has its index so a page is an index range, at 100,000 users too.
// The e-mail filter is a prefix range on the existing unique index of users.email.
// `disabled`: an operator can shut a user out (sign-in refused, sessions ended).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('users_created_id').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('users_name_id').on('users').columns(['name', 'id']).execute();
  await db.schema.createIndex('users_role_created_id').on('users').columns(['role', 'created_at', 'id']).execute();
  await db.schema.createIndex('users_role_email').on('users').columns(['role', 'email']).execute();
  await db.schema.createIndex('users_role_name_id').on('users').columns(['role', 'name', 'id']).execute();
  // The last sign-in of a user: the newest session.
  await db.schema.createIndex('auth_session_user_created').on('auth_session').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['auth_session_user_created', 'users_role_name_id', 'users_role_email', 'users_role_created_id', 'users_name_id', 'users_created_id']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('disabled').execute();
}
