import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * The /domains list at 10,000 domains in one account: its summary cards counted the account's
 * rows on every call (14 ms on SQLite), and a status filter walked the sort index past every
 * row of the other statuses. So: per-account counts by status, kept by triggers (every writer
 * of `domains`, whichever area, keeps them right), and sort indexes behind the status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.createTable('domain_status_counts')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('domain_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_status_counts_pk', ['account_id', 'status'])
    .execute();
  await sql`insert into domain_status_counts (account_id, status, domain_count)
    select account_id, status, count(*) from domains group by account_id, status`.execute(db);

  if (pg) {
    await sql`create function domain_status_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update domain_status_counts set domain_count = domain_count - 1 where account_id = old.account_id and status = old.status;
        end if;
        if tg_op <> 'DELETE' then
          insert into domain_status_counts (account_id, status, domain_count) values (new.account_id, new.status, 1)
          on conflict (account_id, status) do update set domain_count = domain_status_counts.domain_count + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger domains_status_counts_insert_delete after insert or delete on domains
      for each row execute function domain_status_counts_track()`.execute(db);
    await sql`create trigger domains_status_counts_update after update of status, account_id on domains
      for each row when (old.status is distinct from new.status or old.account_id is distinct from new.account_id)
      execute function domain_status_counts_track()`.execute(db);
  } else {
    const increment = sql`insert into domain_status_counts (account_id, status, domain_count) values (new.account_id, new.status, 1)
      on conflict (account_id, status) do update set domain_count = domain_count + 1;`;
    const decrement = sql`update domain_status_counts set domain_count = domain_count - 1 where account_id = old.account_id and status = old.status;`;
    await sql`create trigger domains_status_counts_insert after insert on domains begin ${increment} end`.execute(db);
    await sql`create trigger domains_status_counts_delete after delete on domains begin ${decrement} end`.execute(db);
    await sql`create trigger domains_status_counts_update after update of status, account_id on domains
      when old.status is not new.status or old.account_id is not new.account_id begin ${decrement} ${increment} end`.execute(db);
  }

  // A status filter with a sort reads its page straight off one index, whatever share of the account has that status.
  for (const column of ['registration_date', 'expiration_date', 'name']) {
    await db.schema.createIndex(`domains_account_status_${column}`).on('domains').columns(['account_id', 'status', column, 'id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of ['registration_date', 'expiration_date', 'name']) await db.schema.dropIndex(`domains_account_status_${column}`).ifExists().execute();
  if (pg) {
    await sql`drop trigger if exists domains_status_counts_insert_delete on domains`.execute(db);
    await sql`drop trigger if exists domains_status_counts_update on domains`.execute(db);
    await sql`drop function if exists domain_status_counts_track()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists domains_status_counts_${name}`).execute(db);
  }
  await db.schema.dropTable('domain_status_counts').ifExists().execute();
}
