import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The registrars page reads each supplier's recent order attempts (health: calls, errors, latency)
// and, before deactivating a supplier, how many domains the TLDs only it sells have.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('domain_order_attempts_supplier').on('domain_order_attempts').columns(['supplier_id', 'started_at']).execute();
  await db.schema.createIndex('domains_tld').on('domains').column('tld').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('domains_tld').execute();
  await db.schema.dropIndex('domain_order_attempts_supplier').execute();
}
