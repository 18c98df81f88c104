import type { Kysely } from 'kysely';

// Frozen history. The newest-first lists order by (time, id); with id in the index the
// database reads a page straight off it instead of sorting ties in a temporary B-tree.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tickets_user_created').execute();
  await db.schema.createIndex('tickets_user_created_id').on('tickets').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.dropIndex('invoices_account_date').execute();
  await db.schema.createIndex('invoices_account_date_id').on('invoices').columns(['account_id', 'invoice_date', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoices_account_date_id').execute();
  await db.schema.createIndex('invoices_account_date').on('invoices').columns(['account_id', 'invoice_date']).execute();
  await db.schema.dropIndex('tickets_user_created_id').execute();
  await db.schema.createIndex('tickets_user_created').on('tickets').columns(['user_id', 'created_at']).execute();
}
