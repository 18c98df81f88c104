import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, type StatementMode } from '../../src/server/db/connection.ts';
import { accountWithMembers } from '../support/factories.ts';
import { adminQuery } from '../support/postgresAdmin.ts';
import { type SharedTestDatabase, startTestApp } from '../support/testApp.ts';

const url = process.env.TEST_DATABASE_URL;

/** A schema of its own, opened with one pooled connection so that connection's session can be inspected. */
async function databaseWith(statements: StatementMode): Promise<SharedTestDatabase & { opened: DatabaseHandle[] }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url!, `create schema ${schema}`);
  const opened: DatabaseHandle[] = [];
  return {
    dialect: 'postgres',
    opened,
    open: () => {
      const handle = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 1, statements });
      opened.push(handle);
      return handle;
    },
    drop: () => adminQuery(url!, `drop schema ${schema} cascade`),
  };
}

/**
 * Behind PgBouncer in transaction mode, consecutive transactions of one client connection may run
 * on different server connections, so a statement prepared by name on one is unknown on the next
 * (issue 20). DATABASE_STATEMENTS=unnamed must leave no named statement on the server.
 */
describe.runIf(url)('PostgreSQL statement mode', () => {
  const dropped: SharedTestDatabase[] = [];
  afterAll(async () => {
    for (const d of dropped) await d.drop();
  });

  /** Sign-ups, an account with members, a ticket, the dashboard and lists: the suite's typical calls. */
  async function preparedAfterTypicalCalls(statements: StatementMode) {
    const database = await databaseWith(statements);
    dropped.push(database);
    const t = await startTestApp('postgres', { database });
    try {
      const cast = await accountWithMembers(t);
      const submitted = await t.call('submitTicket', { accountId: cast.accountId, subject: 'Mail bounces', description: 'Since Monday.', priority: 'high' }, cast.owner);
      expect(submitted.status).toBe(200);
      const listed = await t.call('listMyTickets', {}, cast.owner);
      expect(listed.status).toBe(200);
      expect(listed.result).toMatchObject({ tickets: [{ subject: 'Mail bounces' }] });
      expect((await t.call('getDashboard', { accountId: cast.accountId }, cast.member)).status).toBe(200);
      expect((await t.call('getSessionState', {}, cast.member)).status).toBe(200);
      const raw = database.opened[0]?.rawClient;
      const pool = raw?.kind === 'postgres' ? raw.client : null;
      if (!pool) throw new Error('expected a PostgreSQL pool');
      // The pool has one connection: this query runs in the session that served every call above.
      expect(pool.totalCount).toBe(1);
      return (await pool.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);
    } finally {
      await t.stop();
    }
  }

  it('unnamed: the typical calls leave no named prepared statement on the connection', async () => {
    expect(await preparedAfterTypicalCalls('unnamed')).toEqual([]);
  });

  it('named (the default): the same calls prepare their reads once on the connection', async () => {
    const names = await preparedAfterTypicalCalls('named');
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.startsWith('read_'))).toBe(true);
  });
});
