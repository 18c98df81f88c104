import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSandboxSupplier, seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { type NamecheapFake, namecheapFakeEnv, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { nowIso } from '../../../db/connection.ts';
import { attemptsOf, orderRow, paidOrder, sandboxHolds, uniqueName } from '../../../../../test/support/domains/fulfilment.ts';
import { transitionOrder } from '../../domains/index.ts';

/** Retry is the registration job itself: with two suppliers, the forced one is asked first and the order completes. */
describeEachDialect('back-office retry through the registration job', (dialect) => {
  let t: TestApp;
  let fake: NamecheapFake;
  let a: AccountWithMembers;
  let operator: TestUser;

  beforeAll(async () => {
    fake = await startNamecheapFake();
    const env = Object.fromEntries(Object.entries(namecheapFakeEnv(fake.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, { env, runWorkers: true });
    a = await accountWithMembers(t);
    operator = await signUpOperator(t);
    await seedSandboxSupplier(t.services.db);
    // Namecheap is cheaper, so without a forced registrar the job would ask it first.
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 900 }]);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  async function failedPaidOrder(domain: string): Promise<string> {
    const id = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
    await transitionOrder(t.services.db, id, 'failed', { error: 'No registrar could register it.', admin_action_required: true, updated_at: nowIso() }, 'processing');
    return id;
  }

  it('a retry forcing the sandbox reaches it first and gives the customer the domain', async () => {
    const domain = uniqueName();
    const orderId = await failedPaidOrder(domain);
    const res = await t.call('bulkRetryOrders', { orderIds: [orderId], forceRegistrar: 'sandbox' }, operator);
    expect(res.result).toMatchObject({ success: true, summary: { successful: 1, failed: 0 } });

    await waitFor(async () => ((await orderRow(t, orderId)).status === 'completed' ? true : undefined));
    expect((await attemptsOf(t, orderId)).map((x) => [x.supplier_id, x.operation, x.outcome])).toEqual([['sandbox', 'register', 'succeeded']]);
    expect(fake.sent('namecheap.domains.create')).toHaveLength(0);
    expect(await sandboxHolds(t, domain)).toBe(1);
    const listed = await t.call('listDomains', { accountId: a.accountId }, a.owner);
    expect(listed.result.domains.map((d: { domain: string }) => d.domain)).toContain(domain);
    const details = await t.call('getOrderDetails', { orderId }, operator);
    expect(details.result.order).toMatchObject({ status: 'completed', registrar: 'Sandbox', adminActionRequired: false, error: null });
  });

  it('a retry without a forced registrar asks the cheaper supplier first', async () => {
    const domain = uniqueName();
    const orderId = await failedPaidOrder(domain);
    await t.call('bulkRetryOrders', { orderIds: [orderId] }, operator);
    await waitFor(async () => ((await orderRow(t, orderId)).status === 'completed' ? true : undefined));
    expect((await attemptsOf(t, orderId)).map((x) => [x.supplier_id, x.outcome])).toEqual([['namecheap', 'succeeded']]);
    expect(fake.domains.has(domain)).toBe(true);
  });
});
