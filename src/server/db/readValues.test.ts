import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, type SharedTestDatabase, sharedTestDatabase } from '../../../test/support/testApp.ts';
import { type DatabaseHandle, readerOf } from './connection.ts';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Both dialects hand features the same values: booleans as booleans, timestamps as ISO-8601 UTC strings. */
describeEachDialect('values as both dialects read them', (dialect) => {
  let shared: SharedTestDatabase;
  let database: DatabaseHandle;
  let db: Kysely<any>;

  beforeAll(async () => {
    shared = await sharedTestDatabase(dialect);
    database = shared.open();
    db = database.db as Kysely<any>;
    // Declared as the migrations declare them.
    const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
    const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
    await db.schema.createTable('probes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('enabled', 'boolean', (c) => c.notNull())
      .addColumn('seen_at', ts, (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
      .execute();
    await db.insertInto('probes').values([
      { id: 'on', enabled: true, seen_at: '2026-11-27T08:32:18.123Z' },
      { id: 'off', enabled: false, seen_at: '2026-11-27T08:32:18.000Z' },
    ]).execute();
  });
  afterAll(async () => {
    await database.close();
    await shared.drop();
  });

  it('reads a boolean column as a boolean, through an alias and a join', async () => {
    const rows = await db.selectFrom('probes as p').innerJoin('probes as q', 'q.id', 'p.id')
      .select(['p.id', 'p.enabled as switched_on', 'q.enabled']).orderBy('p.id').execute();
    expect(rows).toEqual([
      { id: 'off', switched_on: false, enabled: false },
      { id: 'on', switched_on: true, enabled: true },
    ]);
  });

  it('binds a boolean in a where clause and in a write', async () => {
    await db.updateTable('probes').set({ enabled: false }).where('id', '=', 'on').where('enabled', '=', true).execute();
    expect(await db.selectFrom('probes').select('id').where('enabled', '=', true).execute()).toEqual([]);
    await db.updateTable('probes').set({ enabled: true }).where('id', '=', 'on').execute();
    expect(await db.selectFrom('probes').select('id').where('enabled', '=', true).execute()).toEqual([{ id: 'on' }]);
  });

  it('reads a timestamp as the ISO-8601 UTC string with milliseconds, its default too', async () => {
    const row = await db.selectFrom('probes').select(['seen_at', 'created_at']).where('id', '=', 'on').executeTakeFirstOrThrow();
    expect(row.seen_at).toBe('2026-11-27T08:32:18.123Z');
    expect(row.created_at).toMatch(ISO_UTC);
  });

  it('reads the same values on the fast read path', async () => {
    const compiled = db.selectFrom('probes').select(['enabled as switched_on', 'seen_at']).where('enabled', '=', true).compile();
    const rows = await readerOf(database.db)!(compiled.sql, compiled.parameters);
    expect(rows).toEqual([{ switched_on: true, seen_at: '2026-11-27T08:32:18.123Z' }]);
  });

  it('keeps the driver\'s own values for better-auth, which compares Date objects on PostgreSQL', async () => {
    const { rows } = await database.authDb.executeQuery<{ seen_at: unknown }>(CompiledQuery.raw(
      `select seen_at from probes where id = ${dialect === 'postgres' ? '$1' : '?'}`, ['on']));
    expect(rows[0].seen_at).toEqual(dialect === 'postgres' ? new Date('2026-11-27T08:32:18.123Z') : '2026-11-27T08:32:18.123Z');
  });
});
