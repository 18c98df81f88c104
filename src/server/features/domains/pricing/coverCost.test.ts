import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FnOutput } from '../../../../common/contracts/index.ts';
import { registrantFieldsNotSold } from '../../../../common/domains/registryRequirements.ts';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { orderRow, sandboxHolds } from '../../../../../test/support/domains/fulfilment.ts';
import { seedSandboxSupplier, seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { type EnomFake, enomFakeChargeCents, startEnomFake } from '../../../../../test/support/registrars/enom.fake.ts';
import { type NamecheapFake, namecheapFakeCharge, namecheapFakeEnv, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { testContacts } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { freshDomainName, registrationInput } from '../../../../../test/support/samples/domainOrders.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { fulfilOrder } from '../fulfilment/job.ts';
import { registeringSupplierIds } from '../fulfilment/repository.ts';
import { transitionOrder } from '../orders/repository.ts';
import { ensureDomainPricing } from './supplierSync.ts';
import { renewPriceFor } from './tldPrices.ts';

/**
 * Issue 18, point 6 (prices that cover the cost) and point 9 (TLDs whose registry needs extra
 * registrant fields). Each test fails on the code before the issue: there a term was priced as
 * the one-year register cost × years, Namecheap's ICANN fee was dropped, failover had no ceiling,
 * the renew price was the cheapest supplier's, a sync applied any cost, and .us/.ca/.eu were sold.
 */

const markedUp = (cents: number) => Math.ceil(cents * 1.25);

/** registerDomain as the customer's form sends it (through callRaw: the sample contact's country is free text). */
function register(t: TestApp, user: TestUser, accountId: string, overrides: Record<string, unknown>) {
  return t.callRaw<FnOutput<'registerDomain'>>('registerDomain', registrationInput(accountId, overrides), user);
}

async function paid(t: TestApp, orderId: string): Promise<void> {
  const now = t.services.clock.nowIso();
  if (!await transitionOrder(t.services.db, orderId, 'processing', { payment_status: 'paid', payment_method: 'test', paid_at: now, updated_at: now }, 'pending_payment')) {
    throw new Error('order could not be marked paid');
  }
}

describeEachDialect('prices that cover the cost, at the sandbox', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
    await ensureDomainPricing(t.services);
  });
  afterAll(async () => { await t.stop(); });

  it('a 10-year .tech order (register 6.99, renew 44.99) sells at the first year plus nine renewals plus the markup, never below cost', async () => {
    const pricing = (await t.call('getTldPricing', {}, a.member)).result.pricing.tech!;
    const cost = 699 + 9 * 4499;
    expect(pricing.periods.map((p) => p.years)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pricing.periods[9]).toMatchObject({ years: 10, registerCents: markedUp(cost) });
    const res = await register(t, a.member, a.accountId, { domain: freshDomainName('tech'), registrationYears: 10 });
    expect(res.status).toBe(200);
    const order = await orderRow(t, res.result.orderId);
    expect(order.total_cents).toBe(markedUp(cost));
    expect(order.total_cents).toBeGreaterThan(cost);
    // The period selector's figure is what the order charges.
    expect(order.total_cents).toBe(pricing.periods[9]!.registerCents);
  });

  it('a domain renews at its own supplier\'s renew cost plus the markup, not at a cheaper supplier\'s', async () => {
    const domain = await seedDomain(t.services, a.accountId);
    // Another active supplier renews .com for less than the sandbox (10.29) does.
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, [{ tld: 'com', registerCents: 500, renewCents: 600 }]);
    try {
      expect(await renewPriceFor(t.services.db, 'sandbox', 'com', 2)).toEqual({ totalCents: markedUp(2 * 1029), currency: 'USD' });
      // The renewal dialog's prices are the same figures.
      const quoted = await t.call('getRenewalPrices', { domain: domain.name }, a.member);
      expect(quoted.result.periods[1]).toEqual({ years: 2, totalCents: markedUp(2 * 1029) });
      expect((await t.callRaw('getRenewalPrices', { domain: domain.name }, (await accountWithMembers(t)).owner)).status).toBe(404);
      const res = await t.call('renewDomain', { domain: domain.name, years: 2 }, a.owner);
      expect(res.status).toBe(200);
      expect((await orderRow(t, res.result.orderId)).total_cents).toBe(markedUp(2 * 1029));
    } finally {
      await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap', active: false }, []);
    }
  });
});

describeEachDialect('prices that cover the cost, at Namecheap (its ICANN fee and Duration rows)', (dialect) => {
  let t: TestApp;
  let fake: NamecheapFake;
  let a: AccountWithMembers;
  let operator: TestUser;
  beforeAll(async () => {
    fake = await startNamecheapFake();
    const env = Object.fromEntries(Object.entries(namecheapFakeEnv(fake.url)).filter(([name]) => name.startsWith('NAMECHEAP_')));
    t = await startTestApp(dialect, { env });
    a = await accountWithMembers(t);
    operator = await signUpOperator(t);
    await ensureDomainPricing(t.services);
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });
  beforeEach(() => { fake.setBalance(10_000); });

  it('each term of .com costs what Namecheap charges for it, AdditionalCost included, plus the markup', async () => {
    const com = (await t.call('getTldPricing', {}, a.member)).result.pricing.com!;
    for (const period of com.periods) {
      const charge = Math.round(namecheapFakeCharge('com', 'register', period.years) * 100);
      expect(period.registerCents).toBe(markedUp(charge));
    }
    // One year: 10.98 + the 0.18 fee.
    expect(com.registerCents).toBe(markedUp(1116));
  });

  it('the registrar\'s reported charge is recorded on the order, and operators see cost, price and margin', async () => {
    const res = await register(t, a.member, a.accountId, { domain: freshDomainName('com'), registrationYears: 2 });
    await paid(t, res.result.orderId);
    expect(await fulfilOrder(t.services, res.result.orderId)).toBe('completed');
    const charged = Math.round(namecheapFakeCharge('com', 'register', 2) * 100);
    const order = await orderRow(t, res.result.orderId);
    expect(order.registrar_charged_cents).toBe(charged);
    const details = await t.call('getOrderDetails', { orderId: res.result.orderId }, operator);
    expect(details.result.order.economics).toEqual({
      priceCents: order.total_cents, costCents: charged, costSource: 'registrar', marginCents: order.total_cents - charged, currency: 'USD',
    });
  });

  it('.us (its registry needs nexus fields) is not sold: not priced, searched with the reason, refused before an order; Namecheap itself refuses it without them', async () => {
    const pricing = (await t.call('getTldPricing', {}, a.member)).result.pricing;
    expect(pricing.us).toBeUndefined();
    const search = await t.call('searchDomains', { query: 'nexus-needed.us', tlds: [], accountId: a.accountId }, a.member);
    expect(search.result.message).toBe(registrantFieldsNotSold('us'));
    expect(search.result.results.map((r) => r.domain)).not.toContain('nexus-needed.us');
    const res = await register(t, a.member, a.accountId, { domain: freshDomainName('us') });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(registrantFieldsNotSold('us'));
    const namecheap = t.services.registrars.find((r) => r.id === 'namecheap')!;
    await expect(namecheap.register({
      domain: freshDomainName('us'), years: 1, contacts: testContacts(),
      nameservers: [], privacy: false, autoRenew: false, idempotencyKey: 'us-probe',
    })).rejects.toMatchObject({ details: { code: '2011322' } });
  });

  it('failover never buys above what the customer paid: a dearer supplier is left for the operator', async () => {
    await seedSandboxSupplier(t.services.db);
    await seedSupplier(t.services.db, { id: 'sandbox', name: 'Sandbox' }, [{ tld: 'net', registerCents: 5000 }]);
    try {
      const res = await register(t, a.member, a.accountId, { domain: freshDomainName('net') });
      const orderId = res.result.orderId;
      const order = await orderRow(t, orderId);
      // Namecheap (13.16 with the fee) priced it; the sandbox's 50.00 is above what was paid.
      expect(order.total_cents).toBe(markedUp(1316));
      expect(await registeringSupplierIds(t.services, order)).toEqual(['namecheap']);
      await paid(t, orderId);
      fake.setBalance(0);
      expect(await fulfilOrder(t.services, orderId)).toBe('failed');
      expect(await sandboxHolds(t, order.domain)).toBe(0);
      expect((await orderRow(t, orderId)).status).toBe('failed');
    } finally {
      await seedSupplier(t.services.db, { id: 'sandbox', name: 'Sandbox', active: false }, []);
    }
  });

  it('the minimum margin (DOMAIN_FAILOVER_MIN_MARGIN_CENTS) keeps a supplier that would leave less out of the failover', async () => {
    const order = { tld: 'com', years: 1, total_cents: 1200, currency: 'USD' };
    expect(await registeringSupplierIds(t.services, order)).toEqual(['namecheap']);
    const strict = { ...t.services, config: { ...t.services.config, DOMAIN_FAILOVER_MIN_MARGIN_CENTS: 100 } };
    expect(await registeringSupplierIds(strict, order)).toEqual([]);
  });
});

describeEachDialect('TLDs needing registrant fields at Enom and Dynadot, and held cost syncs', (dialect) => {
  let t: TestApp;
  let enom: EnomFake;
  let dynadot: FakeDynadot;
  let a: AccountWithMembers;
  let operator: TestUser;
  beforeAll(async () => {
    enom = await startEnomFake({ tlds: {
      org: { register: '9.49', renew: '10.99', transfer: '9.49' },
      ca: { register: '11.50', renew: '11.50', transfer: '11.50' },
    } });
    dynadot = await startFakeDynadot();
    dynadot.prices.set('eu', { register: 6.99, renew: 8.99, transfer: 6.99 });
    t = await startTestApp(dialect, { env: { ENOM_UID: enom.uid, ENOM_PW: enom.pw, ENOM_API_URL: enom.url, DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url } });
    a = await accountWithMembers(t);
    operator = await signUpOperator(t);
    await ensureDomainPricing(t.services);
  });
  afterAll(async () => {
    await t.stop();
    await enom.close();
    await dynadot.close();
  });

  it('Enom: .ca is listed with its costs but not sold; Enom itself refuses it without its extended attributes', async () => {
    const pricing = (await t.call('getTldPricing', {}, a.member)).result.pricing;
    expect(pricing.ca).toBeUndefined();
    const res = await register(t, a.member, a.accountId, { domain: freshDomainName('ca') });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(registrantFieldsNotSold('ca'));
    const registrar = t.services.registrars.find((r) => r.id === 'enom')!;
    await expect(registrar.register({
      domain: freshDomainName('ca'), years: 1, contacts: testContacts(),
      nameservers: [], privacy: false, autoRenew: false, idempotencyKey: 'ca-probe',
    })).rejects.toMatchObject({ message: expect.stringMatching(/Extended attributes required/) });
  });

  it('Enom: a 5-year .org is priced from its 5-year bracket, what Purchase charges', async () => {
    const org = (await t.call('getTldPricing', {}, a.member)).result.pricing.org!;
    const charge = enomFakeChargeCents({ register: '9.49', renew: '10.99', transfer: '9.49' }, 'register', 5);
    expect(org.periods[4]!.registerCents).toBeGreaterThanOrEqual(markedUp(charge));
  });

  it('Enom: privacy ordered is not bought there (ID Protect is a paid extra we do not sell): order and domain record it off', async () => {
    const res = await register(t, a.member, a.accountId, { domain: freshDomainName('org'), privacyProtection: true });
    await paid(t, res.result!.orderId);
    expect(await fulfilOrder(t.services, res.result!.orderId)).toBe('completed');
    const order = await orderRow(t, res.result!.orderId);
    expect(order).toMatchObject({ supplier_id: 'enom', privacy_protection: false });
    expect(enom.requests.filter((r) => r.params.Command === 'PurchaseServices')).toHaveLength(0);
    const domain = await t.services.db.selectFrom('domains').select(['privacy', 'supplier_id']).where('name', '=', order.domain).executeTakeFirstOrThrow();
    expect(domain).toEqual({ privacy: false, supplier_id: 'enom' });
    expect(order.registrar_charged_cents).toBe(enomFakeChargeCents({ register: '9.49', renew: '10.99', transfer: '9.49' }, 'register', 1));
  });

  it('Dynadot: .eu is not sold; a search for it says why', async () => {
    const pricing = (await t.call('getTldPricing', {}, a.member)).result.pricing;
    expect(pricing.eu).toBeUndefined();
    const search = await t.call('searchDomains', { query: 'resident.eu', tlds: [], accountId: a.accountId }, a.member);
    expect(search.result.message).toBe(registrantFieldsNotSold('eu'));
    const res = await register(t, a.member, a.accountId, { domain: freshDomainName('eu') });
    expect(res.error?.message).toBe(registrantFieldsNotSold('eu'));
  });

  it('a sync that halves a cost or zeroes it holds that TLD for an operator, applies the rest, and the operator approves or rejects', async () => {
    const before = (await t.call('getTldPricing', {}, a.member)).result.pricing;
    const io = dynadot.prices.get('io')!;
    const net = dynadot.prices.get('net')!;
    const com = dynadot.prices.get('com')!;
    dynadot.prices.set('io', { ...io, register: 0 });
    dynadot.prices.set('net', { ...net, register: net.register * 1.6 });
    dynadot.prices.set('com', { ...com, register: com.register + 0.5 });
    try {
      expect((await t.call('syncSupplierTlds', { supplierId: 'dynadot' }, operator)).status).toBe(200);
      const after = (await t.call('getTldPricing', {}, a.member)).result.pricing;
      expect(after.io!.registerCents).toBe(before.io!.registerCents);
      expect(after.net!.registerCents).toBe(before.net!.registerCents);
      // A small move is applied.
      expect(after.com!.registerCents).toBeGreaterThan(before.com!.registerCents);

      const held = (await t.call('listHeldCostChanges', {}, operator)).result.changes.filter((c) => c.status === 'held');
      expect(held.map((c) => [c.supplierId, c.tld]).sort()).toEqual([['dynadot', 'io'], ['dynadot', 'net']]);
      expect(held.find((c) => c.tld === 'io')!.reason).toMatch(/register cost \$39\.00 → zero/);
      const customer = await t.callRaw('listHeldCostChanges', {}, a.owner);
      expect(customer.status).toBe(403);

      const netHold = held.find((c) => c.tld === 'net')!;
      const approved = await t.call('decideHeldCostChange', { id: netHold.id, decision: 'approve' }, operator);
      expect(approved.result.change).toMatchObject({ status: 'approved', decidedBy: operator.email });
      expect((await t.call('getTldPricing', {}, a.member)).result.pricing.net!.registerCents).toBe(markedUp(Math.round(net.register * 1.6 * 100)));
      const ioHold = held.find((c) => c.tld === 'io')!;
      expect((await t.call('decideHeldCostChange', { id: ioHold.id, decision: 'reject' }, operator)).result.change.status).toBe('rejected');
      expect((await t.call('getTldPricing', {}, a.member)).result.pricing.io!.registerCents).toBe(before.io!.registerCents);
      const again = await t.callRaw('decideHeldCostChange', { id: ioHold.id, decision: 'approve' }, operator);
      expect(again.status).toBe(409);
    } finally {
      dynadot.prices.set('io', io);
      dynadot.prices.set('net', net);
      dynadot.prices.set('com', com);
    }
  });
});
