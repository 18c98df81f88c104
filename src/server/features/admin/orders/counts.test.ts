import { randomBytes } from 'node:crypto';
import type { FnInput, FunctionName } from '../../../../common/contracts/index.ts';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { createUser } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../../common/domains/orders.ts';
import { orderContact } from '../../../../../test/support/domains/fulfilment.ts';
import { insertOrder } from '../../domains/index.ts';

/**
 * The order list's totals come from counts kept by triggers (migration 0017). Whatever writes an
 * order (insert, status change, a move to another account, a delete, the account's deletion),
 * the totals the back office shows must stay those of a real count.
 */
describeEachDialect('back-office order totals', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let first: string;
  let second: string;

  const db = () => t.services.db;
  const call = <N extends FunctionName>(name: N, input: FnInput<N>) => t.call(name, input, operator);


  async function freshAccount(): Promise<string> {
    const owner = await createUser(t);
    const res = await call('adminCreateAccount', { accountName: `Totals ${randomBytes(4).toString('hex')}`, ownerEmail: owner.email });
    expect(res.status).toBe(200);
    return res.result.account.id;
  }

  async function seedOrder(accountId: string, status: OrderStatus): Promise<string> {
    const id = `ord_${randomBytes(9).toString('base64url')}`;
    await insertOrder(db(), {
      id, kind: 'registration', accountId, userId: null, orderedBy: 'Test', domain: `totals-${randomBytes(5).toString('hex')}.com`, tld: 'com',
      domainId: null, years: 1, priceCents: 1299, currency: 'USD', contactInfo: orderContact, privacyProtection: true, autoRenew: true,
      now: new Date().toISOString(),
    });
    if (status !== 'pending_payment') await db().updateTable('domain_orders').set({ status }).where('id', '=', id).execute();
    return id;
  }

  async function realCount(filter: { accountId?: string; status?: OrderStatus }): Promise<number> {
    let q = db().selectFrom('domain_orders').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (filter.accountId) q = q.where('account_id', '=', filter.accountId);
    if (filter.status) q = q.where('status', '=', filter.status);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Every total the page can ask without a date or a name: all, each status, each account, each account and status. */
  async function expectTotalsMatchRealCounts(accounts: string[]) {
    const filters: { accountId?: string; status?: OrderStatus }[] = [{}];
    for (const status of ORDER_STATUSES) filters.push({ status });
    for (const accountId of accounts) {
      filters.push({ accountId });
      for (const status of ORDER_STATUSES) filters.push({ accountId, status });
    }
    for (const filter of filters) {
      const res = await call('getAllOrders', { ...filter, limit: 1 });
      expect(res.status).toBe(200);
      expect({ filter, total: res.result.pagination.totalCount, capped: res.result.pagination.totalCountCapped })
        .toEqual({ filter, total: await realCount(filter), capped: false });
    }
    const failed = await call('getFailedOrders', { limit: 1 });
    const failedInDb = await db().selectFrom('domain_orders').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['failed', 'requires_manual_processing']).executeTakeFirstOrThrow();
    expect(failed.result.totalCount).toBe(Number(failedInDb.n));
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    first = await freshAccount();
    second = await freshAccount();
  });
  afterAll(async () => { await t.stop(); });

  it('match a real count after inserts, status changes, moves between accounts and deletes', async () => {
    const ids: string[] = [];
    for (const [i, status] of ORDER_STATUSES.entries()) {
      ids.push(await seedOrder(first, status), await seedOrder(i % 2 ? first : second, status));
    }
    await expectTotalsMatchRealCounts([first, second]);

    // One order through the back office's own status change, the rest as any writer does it, several rows at once.
    const pending = await seedOrder(first, 'pending_payment');
    const cancel = await call('updateOrderStatus', { orderId: pending, status: 'cancelled', notes: 'Customer asked.' });
    expect(cancel.status).toBe(200);
    await db().updateTable('domain_orders').set({ status: 'completed' }).where('account_id', '=', second).where('status', '=', 'processing').execute();
    await db().updateTable('domain_orders').set({ status: 'failed' }).where('account_id', '=', first).where('status', 'in', ['pending_payment', 'processing']).execute();
    await expectTotalsMatchRealCounts([first, second]);

    // A move to another account, with and without a status change in the same write.
    await db().updateTable('domain_orders').set({ account_id: second }).where('id', '=', ids[0]!).execute();
    await db().updateTable('domain_orders').set({ account_id: first, status: 'cancelled' }).where('id', '=', ids[3]!).execute();
    await expectTotalsMatchRealCounts([first, second]);

    await db().deleteFrom('domain_orders').where('id', 'in', [ids[1]!, ids[2]!]).execute();
    await expectTotalsMatchRealCounts([first, second]);
  });

  it('drop a deleted account\'s orders from every total and keep no counts for it', async () => {
    const doomed = await freshAccount();
    for (const status of ['failed', 'completed', 'completed'] as const) await seedOrder(doomed, status);
    await expectTotalsMatchRealCounts([first, second, doomed]);

    const res = await call('adminDeleteAccount', { accountId: doomed, transferDomainsTo: null });
    expect(res.status).toBe(200);
    expect(await realCount({ accountId: doomed })).toBe(0);
    await expectTotalsMatchRealCounts([first, second, doomed]);
    const left = await db().selectFrom('domain_order_account_counts').select('status').where('account_id', '=', doomed).execute();
    expect(left).toEqual([]);
  });
});
