import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * Issue 21: when an invitation was withdrawn (the list shows pending ones, the link names why it
 * is refused); the index the per-address daily cap counts on; and the account's choice of what a
 * removed member keeps of the tickets they wrote there ('read_only' or 'none').
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.alterTable('invitations').addColumn('revoked_at', ts).execute();
  await db.schema.createIndex('invitations_account_email_created')
    .on('invitations').columns(['account_id', 'email', 'created_at']).execute();
  await db.schema.createIndex('invitations_account_status_expires')
    .on('invitations').columns(['account_id', 'status', 'expires_at']).execute();
  await db.schema.alterTable('accounts')
    .addColumn('removed_member_ticket_access', 'text', (c) => c.notNull().defaultTo('read_only')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('removed_member_ticket_access').execute();
  await db.schema.dropIndex('invitations_account_status_expires').execute();
  await db.schema.dropIndex('invitations_account_email_created').execute();
  await db.schema.alterTable('invitations').dropColumn('revoked_at').execute();
}
