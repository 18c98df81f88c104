import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureDomainPricing } from '../../src/server/features/domains/pricing/supplierSync.ts';
import { fulfilOrder } from '../../src/server/features/domains/fulfilment/job.ts';
import { attemptsOf, paidOrder, sandboxHolds, uniqueName } from '../support/domains/fulfilment.ts';
import { supplierRow } from '../support/domains/pricing.ts';
import { seedSandboxSupplier, seedSupplier } from '../support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { type NamecheapFake, namecheapFakeEnv, startNamecheapFake } from '../support/registrars/namecheap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 18, point 8: an installation that first started without registrar credentials has an
 * active sandbox supplier. Once a real registrar is configured, the start switches the sandbox
 * off: it no longer prices TLDs, and a refusal at the real registrar never "completes" a paid
 * order at the sandbox.
 */
describeEachDialect('the sandbox registrar beside a real one', (dialect) => {
  let t: TestApp;
  let fake: NamecheapFake;
  let a: AccountWithMembers;

  beforeAll(async () => {
    fake = await startNamecheapFake();
    const env = Object.fromEntries(Object.entries(namecheapFakeEnv(fake.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, { env });
    a = await accountWithMembers(t);
    // What the first start without credentials left behind: the sandbox active with its prices.
    await seedSandboxSupplier(t.services.db);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 900 }]);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('the start with a real registrar deactivates the sandbox: its prices leave the price list', async () => {
    await ensureDomainPricing(t.services);
    expect((await supplierRow(t, 'sandbox')).is_active).toBe(false);
    expect((await supplierRow(t, 'namecheap')).is_active).toBe(true);
    const res = await t.call('getTldPricing', {}, a.owner);
    expect(res.status).toBe(200);
    // .info is sold only by the sandbox: gone. .com is priced from Namecheap's cost alone.
    expect(res.result.pricing.info).toBeUndefined();
    expect(Object.keys(res.result.pricing)).toContain('com');
  });

  it('a refusal at the real registrar does not fail over to the sandbox', async () => {
    const domain = uniqueName();
    const orderId = await paidOrder(t, { accountId: a.accountId, userId: a.owner.id, domain });
    fake.answerNextWithError('2033409', 'Possible error during order creation');
    expect(await fulfilOrder(t.services, orderId)).not.toBe('completed');
    expect((await attemptsOf(t, orderId)).map((x) => x.supplier_id)).not.toContain('sandbox');
    expect(await sandboxHolds(t, domain)).toBe(0);
  });
});
