import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * The back office's order list at 1,000,000 orders: keyset pages for each sort (created_at,
 * domain, total_cents, id breaking ties), alone and under the status or account filter, so a page
 * reads about as many index entries as it shows. 0010 has (created_at, id), (status, created_at,
 * id), (account_id, created_at, id) and (domain, created_at) already. The trailing created_at
 * lets a page under a date range walk the name or price order and test each entry's date in the
 * index, without reading the order's row.
 */
const INDEXES: Record<string, string[]> = {
  domain_orders_domain_id: ['domain', 'id', 'created_at'],
  domain_orders_total_id: ['total_cents', 'id', 'created_at'],
  domain_orders_status_domain_id: ['status', 'domain', 'id', 'created_at'],
  domain_orders_status_total_id: ['status', 'total_cents', 'id', 'created_at'],
  domain_orders_account_domain_id: ['account_id', 'domain', 'id', 'created_at'],
  domain_orders_account_total_id: ['account_id', 'total_cents', 'id', 'created_at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) await db.schema.createIndex(name).on('domain_orders').columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).ifExists().execute();
}
