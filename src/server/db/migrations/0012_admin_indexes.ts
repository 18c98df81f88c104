import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * The back-office dashboard counts sign-ups per day and super admins: without these it read
 * every user row (100,000 at a time) on each visit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_role').execute();
  await db.schema.dropIndex('users_created_at').execute();
}
