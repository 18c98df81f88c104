import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * Managed domains (back office): a domain may belong to no account yet (imported, awaiting
 * mapping), and is managed by hand ('manual') or through its registrar's API ('api'). Domains
 * bought through the portal are the same rows, so they become 'api' at their supplier.
 * Also the registry's own last-updated date and when an operator last verified the record.
 *
 * SQLite cannot drop a NOT NULL constraint in place: the table is rebuilt (SQLite's documented
 * twelve steps), with foreign keys off so that dropping the old table cascades nowhere. Kysely
 * runs SQLite migrations outside a transaction, which is what lets the pragma take effect.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';

  if (pg) {
    await sql`alter table domains alter column account_id drop not null`.execute(db);
    await sql`create or replace function domain_status_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.account_id is not null then
          update domain_status_counts set domain_count = domain_count - 1 where account_id = old.account_id and status = old.status;
        end if;
        if tg_op <> 'DELETE' and new.account_id is not null then
          insert into domain_status_counts (account_id, status, domain_count) values (new.account_id, new.status, 1)
          on conflict (account_id, status) do update set domain_count = domain_status_counts.domain_count + 1;
        end if;
        return null;
      end $$`.execute(db);
  } else {
    await rebuildSqliteDomainsWithOptionalAccount(db);
  }

  await db.schema.alterTable('domains').addColumn('management_mode', 'text', (c) => c.notNull().defaultTo('manual')).execute();
  await db.schema.alterTable('domains').addColumn('registry_updated_at', ts).execute();
  await db.schema.alterTable('domains').addColumn('last_verified_at', ts).execute();
  await sql`update domains set management_mode = 'api' where supplier_id is not null`.execute(db);
}

async function rebuildSqliteDomainsWithOptionalAccount(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  const { rows: [fk] } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (fk?.foreign_keys) throw new Error('0028: foreign keys stayed on (is the migration inside a transaction?)');
  try {
    await db.transaction().execute(async (trx) => {
      const { rows: [table] } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'domains'`.execute(trx);
      if (!table) throw new Error('0028: no domains table');
      const definition = table.sql.replace(/"account_id" text not null/i, '"account_id" text');
      if (definition === table.sql) throw new Error('0028: unexpected domains definition');
      const { rows: dependents } = await sql<{ type: string; name: string; sql: string }>`select type, name, sql from sqlite_master
        where tbl_name = 'domains' and type in ('index', 'trigger') and sql is not null`.execute(trx);

      await sql.raw(definition.replace(/^CREATE TABLE "?domains"?/i, 'CREATE TABLE "domains_0028"')).execute(trx);
      await sql`insert into domains_0028 select * from domains`.execute(trx);
      await sql`drop table domains`.execute(trx);
      await sql`alter table domains_0028 rename to domains`.execute(trx);
      for (const dependent of dependents.filter((d) => d.type === 'index')) await sql.raw(dependent.sql).execute(trx);

      // The per-account status counts skip domains that belong to no account.
      const increment = sql`insert into domain_status_counts (account_id, status, domain_count) select new.account_id, new.status, 1
        where new.account_id is not null on conflict (account_id, status) do update set domain_count = domain_count + 1;`;
      const decrement = sql`update domain_status_counts set domain_count = domain_count - 1 where account_id = old.account_id and status = old.status;`;
      await sql`create trigger domains_status_counts_insert after insert on domains begin ${increment} end`.execute(trx);
      await sql`create trigger domains_status_counts_delete after delete on domains begin ${decrement} end`.execute(trx);
      await sql`create trigger domains_status_counts_update after update of status, account_id on domains
        when old.status is not new.status or old.account_id is not new.account_id begin ${decrement} ${increment} end`.execute(trx);
      const known = new Set(['domains_status_counts_insert', 'domains_status_counts_delete', 'domains_status_counts_update']);
      for (const dependent of dependents.filter((d) => d.type === 'trigger' && !known.has(d.name))) await sql.raw(dependent.sql).execute(trx);

      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`0028: ${broken.length} foreign key violations after the rebuild`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domains').dropColumn('last_verified_at').execute();
  await db.schema.alterTable('domains').dropColumn('registry_updated_at').execute();
  await db.schema.alterTable('domains').dropColumn('management_mode').execute();
}
