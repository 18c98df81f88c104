import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The support desk (issue 8). A reply written by staff is marked as such (the customer sees it
// as the support team's, whoever wrote it). The staff list pages every ticket by keyset on
// (updated_at, id), updated_at being the last activity (reply or status change), optionally
// within one status, priority or account; each filter has its index so a page is an index range.
// The text filter is a LIKE on the subject within the filtered range: at support-desk scale
// (thousands of tickets) that is cheap, and it needs no dialect-specific full-text index.
// An operator impersonating an account lists that account's tickets (account, created_at, id).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket_replies').addColumn('is_staff', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('tickets_updated_id').on('tickets').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('tickets_status_updated_id').on('tickets').columns(['status', 'updated_at', 'id']).execute();
  await db.schema.createIndex('tickets_priority_updated_id').on('tickets').columns(['priority', 'updated_at', 'id']).execute();
  await db.schema.createIndex('tickets_account_updated_id').on('tickets').columns(['account_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('tickets_account_created_id').on('tickets').columns(['account_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['tickets_account_created_id', 'tickets_account_updated_id', 'tickets_priority_updated_id', 'tickets_status_updated_id', 'tickets_updated_id']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('ticket_replies').dropColumn('is_staff').execute();
}
