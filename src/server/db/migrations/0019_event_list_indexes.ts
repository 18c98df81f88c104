import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The back office's events list pages newest first by keyset on (created_at, id), also within
// one account: without this index an account with few events would walk every newer event.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('platform_events_account_created').on('platform_events').columns(['account_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('platform_events_account_created').ifExists().execute();
}
