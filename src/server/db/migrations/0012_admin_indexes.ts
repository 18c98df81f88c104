import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * The back-office dashboard at 100,000 users and 1,000,000 orders. Counting the orders (all of
 * them, the completed, the failed) and grouping 30 days of them by day read hundreds of thousands
 * of index entries on each visit (0.7 s on SQLite). So: orders per UTC day of creation and
 * status, kept by triggers (every writer of `domain_orders`, whichever area, keeps them right),
 * The users' sign-up days and roles are read through 0013's indexes (users_created_id,
 * users_role_created_id), which the users list needs anyway.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.createTable('domain_order_day_counts')
    // YYYY-MM-DD, the UTC day the order was created on (created_at never changes).
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_order_day_counts_pk', ['day', 'status'])
    .execute();
  await db.schema.createIndex('domain_order_day_counts_status').on('domain_order_day_counts').columns(['status', 'day']).execute();

  if (pg) {
    await sql`insert into domain_order_day_counts (day, status, order_count)
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), status, count(*) from domain_orders group by 1, 2`.execute(db);
    await sql`create function domain_order_day_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update domain_order_day_counts set order_count = order_count - 1
          where day = to_char(old.created_at at time zone 'UTC', 'YYYY-MM-DD') and status = old.status;
        end if;
        if tg_op <> 'DELETE' then
          insert into domain_order_day_counts (day, status, order_count) values (to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD'), new.status, 1)
          on conflict (day, status) do update set order_count = domain_order_day_counts.order_count + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger domain_orders_day_counts_insert_delete after insert or delete on domain_orders
      for each row execute function domain_order_day_counts_track()`.execute(db);
    await sql`create trigger domain_orders_day_counts_update after update of status, created_at on domain_orders
      for each row when (old.status is distinct from new.status or old.created_at is distinct from new.created_at)
      execute function domain_order_day_counts_track()`.execute(db);
  } else {
    await sql`insert into domain_order_day_counts (day, status, order_count)
      select substr(created_at, 1, 10), status, count(*) from domain_orders group by 1, 2`.execute(db);
    const increment = sql`insert into domain_order_day_counts (day, status, order_count) values (substr(new.created_at, 1, 10), new.status, 1)
      on conflict (day, status) do update set order_count = order_count + 1;`;
    const decrement = sql`update domain_order_day_counts set order_count = order_count - 1
      where day = substr(old.created_at, 1, 10) and status = old.status;`;
    await sql`create trigger domain_orders_day_counts_insert after insert on domain_orders begin ${increment} end`.execute(db);
    await sql`create trigger domain_orders_day_counts_delete after delete on domain_orders begin ${decrement} end`.execute(db);
    await sql`create trigger domain_orders_day_counts_update after update of status, created_at on domain_orders
      when old.status is not new.status or old.created_at is not new.created_at begin ${decrement} ${increment} end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql`drop trigger if exists domain_orders_day_counts_insert_delete on domain_orders`.execute(db);
    await sql`drop trigger if exists domain_orders_day_counts_update on domain_orders`.execute(db);
    await sql`drop function if exists domain_order_day_counts_track()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists domain_orders_day_counts_${name}`).execute(db);
  }
  await db.schema.dropTable('domain_order_day_counts').ifExists().execute();
}
