import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * The back office's domain inventory (issue 19) lists every account's domains, filtered by one of
 * status, supplier, management mode or account (null: unassigned) and sorted by name or expiry.
 * Each filter column gets an index in each sort order, so a page walks one index in order and
 * reads about its own rows at 1,000,000 domains (docs/performance.md).
 *
 * Names sort by byte on both dialects: PostgreSQL's indexes use the "C" collation, which the list's
 * queries name (SQLite's default BINARY already is byte order). Expiry ties break by id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const name = pg ? sql`name collate "C"` : sql`name`;

  // SQLite's unique index on name already serves the unfiltered name order.
  if (pg) await sql`create index domains_inventory_name on domains (${name})`.execute(db);
  await sql`create index domains_inventory_expiry on domains (expiration_date, id)`.execute(db);
  for (const column of ['status', 'supplier_id', 'management_mode']) {
    await sql`create index ${sql.id(`domains_inventory_${column}_name`)} on domains (${sql.id(column)}, ${name})`.execute(db);
    await sql`create index ${sql.id(`domains_inventory_${column}_expiry`)} on domains (${sql.id(column)}, expiration_date, id)`.execute(db);
  }
  // By account: 0010's (account_id, expiration_date, id) serves the expiry order on both, and its
  // (account_id, name, id) the name order on SQLite; PostgreSQL needs the byte-ordered one.
  if (pg) await sql`create index domains_inventory_account_id_name on domains (account_id, ${name})`.execute(db);
  // The unassigned domains (bulk mapping, about 5 %) get small indexes of their own that also hold the
  // other filters' columns: 'unassigned at one registrar' checks the registrar in the index, without
  // reading each unassigned row.
  await sql`create index domains_inventory_unassigned_name on domains (${name}, supplier_id, management_mode, status)
    where account_id is null`.execute(db);
  await sql`create index domains_inventory_unassigned_expiry on domains (expiration_date, id, supplier_id, management_mode, status, name)
    where account_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const names = ['domains_inventory_expiry', 'domains_inventory_unassigned_name', 'domains_inventory_unassigned_expiry', ...['status', 'supplier_id', 'management_mode'].flatMap((c) => [`domains_inventory_${c}_name`, `domains_inventory_${c}_expiry`])];
  if (pg) names.push('domains_inventory_name', 'domains_inventory_account_id_name');
  for (const index of names) await db.schema.dropIndex(index).execute();
}
