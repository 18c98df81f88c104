import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * When a session last made a request (issue 21, the profile's session list). better-auth's own
 * updated_at moves only once per update age (a day); this column is stamped by the caller
 * resolution at most once a minute. Null until the first stamp: the list shows the sign-in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.alterTable('auth_session').addColumn('last_active_at', ts).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_session').dropColumn('last_active_at').execute();
}
