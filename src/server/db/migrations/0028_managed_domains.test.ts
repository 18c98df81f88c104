import { type Kysely, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { describeEachDialect, sharedTestDatabase, type SharedTestDatabase } from '../../../../test/support/testApp.ts';
import type { DatabaseHandle } from '../connection.ts';
import { migrateTo, migrateToLatest } from '../migrate.ts';

/**
 * 0028 rebuilds `domains` on SQLite. Rows that point at a domain (orders, reminders, portfolio
 * checks) cascade or turn null when their domain goes, so the rebuild must not let them see it go.
 */
describeEachDialect('migration 0028: managed domains', (dialect) => {
  let database: SharedTestDatabase;
  let handle: DatabaseHandle;
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('keeps every domain and what points at it, marks supplier domains api, and accepts a domain without an account', async () => {
    database = await sharedTestDatabase(dialect);
    handle = database.open();
    const db = handle.db as unknown as Kysely<any>;
    await migrateTo(db, '0027_registrar_health');

    const at = '2026-01-02T03:04:05.000Z';
    await db.insertInto('users').values({ id: 'u1', name: 'Owner', email: 'owner@example.com', email_verified: true, role: 'user', created_at: at, updated_at: at }).execute();
    await db.insertInto('accounts').values({ id: 'a1', name: 'Acme', status: 'active', owner_id: 'u1' }).execute();
    await db.insertInto('domain_suppliers').values({ id: 'namecheap', name: 'Namecheap', is_active: true }).execute();
    await db.insertInto('domains').values([
      { id: 'd1', account_id: 'a1', name: 'acme.com', tld: 'com', supplier_id: 'namecheap', expiration_date: '2027-01-01T00:00:00.000Z' },
      { id: 'd2', account_id: 'a1', name: 'acme.net', tld: 'net', supplier_id: null },
    ]).execute();
    await db.insertInto('domain_orders').values({
      id: 'o1', kind: 'registration', account_id: 'a1', domain: 'acme.com', tld: 'com', domain_id: 'd1', years: 1, price_cents: 1000, total_cents: 1000,
    }).execute();
    await db.insertInto('domain_expiry_notices').values({ domain_id: 'd1', expiration_date: '2027-01-01T00:00:00.000Z', days_before: 30 }).execute();
    await db.insertInto('domain_portfolio_checks').values({ domain_id: 'd1', info_checked_at: at }).execute();

    expect(await migrateToLatest(db)).toContain('0028_managed_domains');

    expect(await db.selectFrom('domain_orders').select('domain_id').where('id', '=', 'o1').executeTakeFirst()).toEqual({ domain_id: 'd1' });
    expect(await db.selectFrom('domain_expiry_notices').select('domain_id').execute()).toEqual([{ domain_id: 'd1' }]);
    expect(await db.selectFrom('domain_portfolio_checks').select('domain_id').execute()).toEqual([{ domain_id: 'd1' }]);
    expect(await db.selectFrom('domains').select(['id', 'management_mode', 'expiration_date']).orderBy('id').execute()).toEqual([
      { id: 'd1', management_mode: 'api', expiration_date: dialect === 'sqlite' ? '2027-01-01T00:00:00.000Z' : expect.anything() },
      { id: 'd2', management_mode: 'manual', expiration_date: null },
    ]);

    // Unassigned: allowed, and the per-account counts (triggers) ignore it while tracking moves in and out.
    await db.insertInto('domains').values({ id: 'd3', account_id: null, name: 'loose.org', tld: 'org' }).execute();
    const counts = () => db.selectFrom('domain_status_counts').select(['account_id', 'status', 'domain_count']).execute();
    expect(await counts()).toEqual([{ account_id: 'a1', status: 'active', domain_count: 2 }]);
    await db.updateTable('domains').set({ account_id: 'a1' }).where('id', '=', 'd3').execute();
    expect(await counts()).toEqual([{ account_id: 'a1', status: 'active', domain_count: 3 }]);
    await db.updateTable('domains').set({ account_id: null }).where('id', '=', 'd1').execute();
    expect(await counts()).toEqual([{ account_id: 'a1', status: 'active', domain_count: 2 }]);

    // The old constraints still hold: names stay unique and foreign keys are enforced again.
    await expect(db.insertInto('domains').values({ id: 'd4', account_id: null, name: 'loose.org', tld: 'org' }).execute()).rejects.toThrow();
    await expect(db.insertInto('domains').values({ id: 'd5', account_id: 'no-such-account', name: 'ghost.org', tld: 'org' }).execute()).rejects.toThrow();
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(rows[0]?.foreign_keys).toBe(1);
    }
  });
});
