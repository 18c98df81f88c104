import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedSandboxSupplier, seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers, createUser } from '../../../../../test/support/factories.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { CHECK_FAILED } from './service.ts';
import { sellPrices } from '../pricing/tldPrices.ts';

/** Longer than the fake's localhost answer, shorter than the slow answer below: no test waits the real 5 s. */
const TEST_TIMEOUT_MS = 1_500;
const SLOW_ANSWER_MS = 20_000;

/** Two suppliers: the sandbox, and Dynadot (over its local fake) cheaper for .net and .org. */
describeEachDialect('searchDomains across suppliers', (dialect) => {
  let t: TestApp;
  let fake: FakeDynadot;
  let account: AccountWithMembers;
  let cents: (tld: string) => number;

  beforeAll(async () => {
    fake = await startFakeDynadot();
    t = await startTestApp(dialect, {
      env: { DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: fake.url },
      config: { domainSearchTimeoutMs: TEST_TIMEOUT_MS },
    });
    account = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
    // .info is priced at Dynadot here but not offered by its fake: a per-name error.
    await seedSupplier(t.services.db, { id: 'dynadot', name: 'Dynadot' }, [
      { tld: 'net', registerCents: 900 }, { tld: 'org', registerCents: 800 }, { tld: 'info', registerCents: 300 },
    ]);
    const prices = await sellPrices(t.services.db);
    cents = (tld) => prices.get(tld)!.registerCents;
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });
  beforeEach(() => { fake.requests.length = 0; });

  const search = (query: string, tlds: string[]) => t.call('searchDomains', { query, tlds, accountId: account.accountId }, account.member);
  const searches = () => fake.requests.filter((r) => r.params.command === 'search');
  const sandboxResult = (domain: string, tld: string) => ({
    domain, available: true, price: cents(tld) / 100, priceCents: cents(tld), premium: false, supplier: 'Sandbox', error: null,
  });
  const failed = (domain: string) => ({ domain, available: false, price: null, priceCents: null, premium: false, supplier: 'Dynadot', error: CHECK_FAILED });

  it('each TLD goes to its cheapest supplier; a regular Dynadot account gets one call per name', async () => {
    const res = await search('two-suppliers', ['com', 'net', 'org']);
    expect(res.status).toBe(200);
    expect(res.result.results).toEqual([
      sandboxResult('two-suppliers.com', 'com'),
      { domain: 'two-suppliers.net', available: true, price: cents('net') / 100, priceCents: cents('net'), premium: false, supplier: 'Dynadot', error: null },
      { domain: 'two-suppliers.org', available: true, price: cents('org') / 100, priceCents: cents('org'), premium: false, supplier: 'Dynadot', error: null },
    ]);
    expect(searches().map((r) => r.params.domain0).sort()).toEqual(['two-suppliers.net', 'two-suppliers.org']);
    expect(searches().every((r) => r.params.domain1 === undefined)).toBe(true);
  });

  it('a supplier slower than the time-out gives its names an error, and the other supplier\'s names still answer', async () => {
    fake.http.override({ delayMs: SLOW_ANSWER_MS, body: '{}' });
    const res = await search('slow-supplier', ['net', 'com', 'org']);
    expect(res.status).toBe(200);
    expect(res.result.results).toEqual([failed('slow-supplier.net'), sandboxResult('slow-supplier.com', 'com'), failed('slow-supplier.org')]);
  });

  it('a supplier answering HTTP 500, or dropping the connection, gives its names an error without failing the search', async () => {
    for (const answer of [{ status: 500, body: 'Internal Server Error' }, { drop: true, body: '' }]) {
      fake.http.override(answer);
      const res = await search('failing-supplier', ['com', 'org']);
      expect(res.status).toBe(200);
      expect(res.result.results).toEqual([sandboxResult('failing-supplier.com', 'com'), failed('failing-supplier.org')]);
      // Nothing of the supplier's answer reaches the customer.
      expect(JSON.stringify(res.result)).not.toMatch(/Internal Server Error|500|dynadot\.|127\.0\.0\.1|key/i);
    }
  });

  it('taken and premium names at the supplier; a name it could not check shows the error alone', async () => {
    fake.makeTaken('gone-name.org');
    fake.makePremium('gone-name.net', 2500);
    const res = await search('gone-name', ['org', 'net', 'info']);
    expect(res.result.results).toEqual([
      { domain: 'gone-name.org', available: false, price: null, priceCents: null, premium: false, supplier: 'Dynadot', error: null },
      { domain: 'gone-name.net', available: true, price: 2500, priceCents: 250_000, premium: true, supplier: 'Dynadot', error: null },
      failed('gone-name.info'),
    ]);
  });

  it('an inactive supplier is not asked: its TLDs go to the next cheapest active one', async () => {
    await t.services.db.updateTable('domain_suppliers').set({ is_active: false }).where('id', '=', 'dynadot').execute();
    try {
      const res = await search('inactive-supplier', ['net', 'org']);
      expect(res.result.results.map((r) => r.supplier)).toEqual(['Sandbox', 'Sandbox']);
      expect(searches()).toHaveLength(0);
    } finally {
      await t.services.db.updateTable('domain_suppliers').set({ is_active: true }).where('id', '=', 'dynadot').execute();
    }
  });

  it('a refused caller reaches no supplier', async () => {
    const outsider = await createUser(t);
    const res = await t.call('searchDomains', { query: 'not-yours', tlds: ['net'], accountId: account.accountId }, outsider);
    expect(res.status).toBe(403);
    expect(searches()).toHaveLength(0);
  });
});
