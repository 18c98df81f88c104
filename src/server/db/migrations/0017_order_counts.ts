import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * The back office's order list at 1,000,000 orders: its total summed 730 day rows (0012) on every
 * page, or counted an account's orders up to a cap. So: exact orders per status, and per account
 * and status, kept by triggers (every writer of `domain_orders`, whichever area, keeps them
 * right). A page's total is then one to six rows whatever the size.
 *
 * And the newest-first walk under a domain prefix tested each entry's name in the order's row
 * (a read of the table per entry, 600 of them for a prefix held by one order in 24): an index
 * on (created_at, id, domain) tests it in the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.createTable('domain_order_status_counts')
    .addColumn('status', 'text', (c) => c.primaryKey())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createTable('domain_order_account_counts')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_order_account_counts_pk', ['account_id', 'status'])
    .execute();
  await db.schema.createIndex('domain_orders_created_domain').on('domain_orders').columns(['created_at', 'id', 'domain']).execute();
  await sql`insert into domain_order_status_counts (status, order_count) select status, count(*) from domain_orders group by status`.execute(db);
  await sql`insert into domain_order_account_counts (account_id, status, order_count)
    select account_id, status, count(*) from domain_orders group by account_id, status`.execute(db);

  if (pg) {
    // The status rows are shared by every order: a change takes the two rows in one fixed order
    // (by status), so two transactions moving orders in opposite directions cannot deadlock on them.
    await sql`create function domain_order_counts_add(p_account text, p_status text, p_delta integer) returns void language plpgsql as $$
      begin
        insert into domain_order_status_counts (status, order_count) values (p_status, p_delta)
        on conflict (status) do update set order_count = domain_order_status_counts.order_count + p_delta;
        insert into domain_order_account_counts (account_id, status, order_count) values (p_account, p_status, p_delta)
        on conflict (account_id, status) do update set order_count = domain_order_account_counts.order_count + p_delta;
      end $$`.execute(db);
    await sql`create function domain_order_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform domain_order_counts_add(new.account_id, new.status, 1);
        elsif tg_op = 'DELETE' then
          -- Never an insert: while an account is deleted, the cascade may have removed its counts already.
          update domain_order_status_counts set order_count = order_count - 1 where status = old.status;
          update domain_order_account_counts set order_count = order_count - 1 where account_id = old.account_id and status = old.status;
        elsif old.status <= new.status then
          perform domain_order_counts_add(old.account_id, old.status, -1);
          perform domain_order_counts_add(new.account_id, new.status, 1);
        else
          perform domain_order_counts_add(new.account_id, new.status, 1);
          perform domain_order_counts_add(old.account_id, old.status, -1);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger domain_orders_counts_insert_delete after insert or delete on domain_orders
      for each row execute function domain_order_counts_track()`.execute(db);
    await sql`create trigger domain_orders_counts_update after update of status, account_id on domain_orders
      for each row when (old.status is distinct from new.status or old.account_id is distinct from new.account_id)
      execute function domain_order_counts_track()`.execute(db);
  } else {
    const increment = sql`insert into domain_order_status_counts (status, order_count) values (new.status, 1)
      on conflict (status) do update set order_count = order_count + 1;
      insert into domain_order_account_counts (account_id, status, order_count) values (new.account_id, new.status, 1)
      on conflict (account_id, status) do update set order_count = order_count + 1;`;
    const decrement = sql`update domain_order_status_counts set order_count = order_count - 1 where status = old.status;
      update domain_order_account_counts set order_count = order_count - 1 where account_id = old.account_id and status = old.status;`;
    await sql`create trigger domain_orders_counts_insert after insert on domain_orders begin ${increment} end`.execute(db);
    await sql`create trigger domain_orders_counts_delete after delete on domain_orders begin ${decrement} end`.execute(db);
    await sql`create trigger domain_orders_counts_update after update of status, account_id on domain_orders
      when old.status is not new.status or old.account_id is not new.account_id begin ${decrement} ${increment} end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql`drop trigger if exists domain_orders_counts_insert_delete on domain_orders`.execute(db);
    await sql`drop trigger if exists domain_orders_counts_update on domain_orders`.execute(db);
    await sql`drop function if exists domain_order_counts_track()`.execute(db);
    await sql`drop function if exists domain_order_counts_add(text, text, integer)`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists domain_orders_counts_${name}`).execute(db);
  }
  await db.schema.dropIndex('domain_orders_created_domain').ifExists().execute();
  await db.schema.dropTable('domain_order_account_counts').ifExists().execute();
  await db.schema.dropTable('domain_order_status_counts').ifExists().execute();
}
