import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FnOutput } from '../../../../common/contracts/index.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { freshDomainName, registrationInput } from '../../../../../test/support/samples/domainOrders.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { nameNotAvailable, TOO_MANY_UNPAID_REGISTRATIONS } from './texts.ts';

const HOUR = 3_600_000;

/**
 * Holds (issue 18, point 10): an unpaid registration keeps its name from other customers for 24 h
 * from its creation, whatever happens to its checkouts meanwhile, and one account holds at most
 * ten names with unpaid orders.
 */
describeEachDialect('unpaid domain orders hold names for a bounded time and number', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let first: AccountWithMembers;
  let second: AccountWithMembers;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(dialect, { clock });
    first = await accountWithMembers(t);
    second = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
  });
  afterAll(async () => { await t.stop(); });

  const register = (account: AccountWithMembers, domain: string) =>
    t.callRaw<FnOutput<'registerDomain'>>('registerDomain', registrationInput(account.accountId, { domain }), account.owner);

  it('opening a checkout again does not extend the hold: 24 h after the order, another customer may order the name', async () => {
    const domain = freshDomainName();
    const placed = await register(first, domain);
    expect(placed.status).toBe(200);
    const orderId = placed.result.orderId;
    await t.call('payDomainOrder', { orderId }, first.owner);

    clock.advance(23.5 * HOUR);
    // The first checkout is too old to be paid: the customer is sent to a new one.
    await t.call('payDomainOrder', { orderId }, first.owner);
    expect((await register(second, domain)).error?.message).toBe(nameNotAvailable(domain));

    clock.advance(1 * HOUR);
    const theirs = await register(second, domain);
    expect(theirs.status).toBe(200);
    // The old order can no longer be paid: the name is the other customer's now.
    expect((await t.callRaw('payDomainOrder', { orderId }, first.owner)).error?.message).toBe(nameNotAvailable(domain));
    expect((await t.call('getDomainOrder', { orderId }, first.owner)).result.order.status).toBe('cancelled');
  });

  it('refuses an eleventh unpaid registration in one account, and takes it once an older one has lapsed', async () => {
    const account = await accountWithMembers(t);
    for (let i = 0; i < 10; i += 1) expect((await register(account, freshDomainName())).status).toBe(200);
    const eleventh = freshDomainName();
    expect(await register(account, eleventh)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: TOO_MANY_UNPAID_REGISTRATIONS } });
    const orders = await t.services.db.selectFrom('domain_orders').select('domain').where('account_id', '=', account.accountId).execute();
    expect(orders).toHaveLength(10);
    expect(orders.map((o) => o.domain)).not.toContain(eleventh);
    // Another account is not limited by this one's orders.
    expect((await register(second, freshDomainName())).status).toBe(200);

    clock.advance(24 * HOUR + 1);
    expect((await register(account, eleventh)).status).toBe(200);
  });
});
