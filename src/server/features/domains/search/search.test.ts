import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FnOutput } from '../../../../common/contracts/index.ts';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { permissionCast, type PermissionCast } from '../../../../../test/support/factories.ts';
import { testContacts } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import {
  SEARCH_EMPTY_QUERY, SEARCH_INVALID_NAME, SEARCH_NO_SUPPORTED_TLDS, tldSupportedMessage, tldUnsupportedMessage,
} from '../../../../common/domains/search.ts';
import { sellPrices } from '../pricing/tldPrices.ts';

/** searchDomains with the built-in sandbox as the only supplier (a new installation). */
describeEachDialect('searchDomains with the sandbox', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  // Our sell prices, read as the search reads them: markups are the pricing slice's to test.
  let cents: (tld: string) => number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    await seedSandboxSupplier(t.services.db);
    const prices = await sellPrices(t.services.db);
    cents = (tld) => prices.get(tld)!.registerCents;
  });
  afterAll(async () => { await t.stop(); });

  const search = (input: Record<string, unknown>, as = cast.member) => t.callRaw<FnOutput<'searchDomains'>>('searchDomains', { accountId: cast.accountId, tlds: [], ...input }, as);
  const domainsOf = (res: { result?: { results: { domain: string }[] } }) => res.result!.results.map((r) => r.domain);

  describe('the three modes', () => {
    it('a name alone searches the ticked TLDs, in the order ticked, each with our price and the supplier', async () => {
      const res = await search({ query: '  MyBrand-Shop ', tlds: ['net', 'COM', '.org'] });
      expect(res.status).toBe(200);
      expect(res.result).toMatchObject({ success: true, mode: 'domain', message: null });
      expect(res.result.results).toEqual(['net', 'com', 'org'].map((tld) => ({
        domain: `mybrand-shop.${tld}`, available: true, price: cents(tld) / 100, priceCents: cents(tld), premium: false, supplier: 'Sandbox', error: null,
      })));
    });

    it('a name alone with nothing ticked, or nothing priced ticked, searches the first 4 popular TLDs', async () => {
      for (const tlds of [[], ['xyz', 'museum']]) {
        const res = await search({ query: 'fresh-name', tlds });
        expect(res.result.mode).toBe('domain');
        expect(domainsOf(res)).toEqual(['fresh-name.com', 'fresh-name.net', 'fresh-name.org', 'fresh-name.io']);
      }
    });

    it('a name with a priced TLD searches it first and 6 others, with the spec\'s message', async () => {
      const res = await search({ query: 'https://www.Fresh-Name.io/pricing', tlds: ['com'] });
      expect(res.result).toMatchObject({ mode: 'full-domain-supported', message: tldSupportedMessage('io', cents('io')) });
      expect(res.result.message).toMatch(/^\.io is supported \(\$\d+\.\d{2}\)$/);
      expect(domainsOf(res)).toEqual(['io', 'com', 'net', 'org', 'co', 'app', 'dev'].map((tld) => `fresh-name.${tld}`));
    });

    it('recognises a two-part TLD', async () => {
      const res = await search({ query: 'fresh-name.co.uk' });
      expect(res.result).toMatchObject({ mode: 'full-domain-supported', message: tldSupportedMessage('co.uk', cents('co.uk')) });
      expect(res.result.results[0]).toMatchObject({ domain: 'fresh-name.co.uk', available: true, priceCents: cents('co.uk') });
    });

    it('a name with an unpriced TLD searches the 8 popular TLDs instead, with the spec\'s message', async () => {
      const res = await search({ query: 'fresh-name.xyz', tlds: ['com'] });
      expect(res.result).toMatchObject({ mode: 'full-domain-unsupported', message: tldUnsupportedMessage('xyz') });
      expect(res.result.message).toBe('.xyz is not supported. Showing popular alternatives instead.');
      expect(domainsOf(res)).toEqual(['com', 'net', 'org', 'io', 'co', 'app', 'dev', 'biz'].map((tld) => `fresh-name.${tld}`));
    });

    it('decides the mode itself: what the client says about mode, TLD and parsing is ignored', async () => {
      const res = await search({
        query: 'fresh-name', tlds: ['org'], searchMode: 'full-domain-unsupported', requestedTld: 'xyz', enhancedSearch: true,
        originalQuery: 'other.xyz', parsedInput: { name: 'other', tld: 'xyz' },
      });
      expect(res.result).toMatchObject({ mode: 'domain', message: null });
      expect(domainsOf(res)).toEqual(['fresh-name.org']);
    });
  });

  describe('availability', () => {
    it('a name the sandbox registered is taken (no price), the same name under another TLD is not', async () => {
      const sandbox = t.services.registrars.find((r) => r.id === 'sandbox')!;
      await sandbox.register({ domain: 'held-name.com', years: 1, contacts: testContacts(), nameservers: [], privacy: true, autoRenew: true, idempotencyKey: 'search-test-held' });
      const res = await search({ query: 'held-name', tlds: ['com', 'net'] });
      expect(res.result.results).toEqual([
        { domain: 'held-name.com', available: false, price: null, priceCents: null, premium: false, supplier: 'Sandbox', error: null },
        { domain: 'held-name.net', available: true, price: cents('net') / 100, priceCents: cents('net'), premium: false, supplier: 'Sandbox', error: null },
      ]);
    });

    it('a name registered elsewhere is taken under every TLD', async () => {
      const res = await search({ query: 'google' });
      expect(res.result.results.map((r: { available: boolean }) => r.available)).toEqual([false, false, false, false]);
    });
  });

  describe('refusals', () => {
    const expectRefused = async (input: Record<string, unknown>, status: string, message: string) => {
      const res = await search(input);
      expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.error).toMatchObject({ status, message });
    };

    it('an empty query, or one with nothing left after stripping, is refused with the spec\'s messages', async () => {
      await expectRefused({ query: '' }, 'INVALID_ARGUMENT', SEARCH_EMPTY_QUERY);
      await expectRefused({ query: ' \t ' }, 'INVALID_ARGUMENT', SEARCH_EMPTY_QUERY);
      await expectRefused({}, 'INVALID_ARGUMENT', SEARCH_EMPTY_QUERY);
      await expectRefused({ query: '!!!' }, 'INVALID_ARGUMENT', SEARCH_INVALID_NAME);
      await expectRefused({ query: '.com' }, 'INVALID_ARGUMENT', SEARCH_INVALID_NAME);
      await expectRefused({ query: 'a'.repeat(64) }, 'INVALID_ARGUMENT', SEARCH_INVALID_NAME);
    });

    it('hostile input is a clear 400: a NUL byte, a 500-character query, too many TLDs, a TLD with other characters', async () => {
      await expectRefused({ query: 'ex\u0000ample' }, 'INVALID_ARGUMENT', 'Text must not contain NUL characters.');
      await expectRefused({ query: 'x'.repeat(500) }, 'INVALID_ARGUMENT', SEARCH_INVALID_NAME);
      await expectRefused({ query: 'x'.repeat(501) }, 'INVALID_ARGUMENT', SEARCH_INVALID_NAME);
      await expectRefused({ query: 'example', tlds: Array.from({ length: 21 }, () => 'com') }, 'INVALID_ARGUMENT', 'Too many TLDs selected.');
      for (const tld of ['c@m', 'com/../x', 'a.b.c', '', 'x'.repeat(33), 'c0m']) {
        await expectRefused({ query: 'example', tlds: [tld] }, 'INVALID_ARGUMENT', 'A TLD is not valid.');
      }
      const notText = await search({ query: 'example', tlds: 'com' });
      expect(notText.status).toBe(400);
      const extra = await search({ query: 'example', price: 0 });
      expect(extra.status).toBe(400);
    });

    it('signed out is 401; a member of another account and a global super admin outside the account are 403', async () => {
      expect((await search({ query: 'example' }, null as never)).status).toBe(401);
      for (const user of [cast.outsider, cast.globalAdmin]) {
        const res = await search({ query: 'example' }, user);
        expect(res.status).toBe(403);
        expect(res.error?.status).toBe('PERMISSION_DENIED');
        expect(res.result).toBeUndefined();
      }
      // The outsider gets the same answer for an account that does not exist.
      const unknown = await t.call('searchDomains', { query: 'example', tlds: [], accountId: '00000000-0000-4000-8000-000000000000' }, cast.outsider);
      expect(unknown.status).toBe(403);
      // Every member of the account may search.
      for (const user of [cast.owner, cast.admin, cast.member]) expect((await search({ query: 'example' }, user)).status).toBe(200);
    });

    it('with no active supplier pricing anything, search is refused with the spec\'s message', async () => {
      const db = t.services.db;
      await db.updateTable('domain_suppliers').set({ is_active: false }).execute();
      try {
        await expectRefused({ query: 'example' }, 'FAILED_PRECONDITION', SEARCH_NO_SUPPORTED_TLDS);
      } finally {
        await db.updateTable('domain_suppliers').set({ is_active: true }).execute();
      }
    });
  });
});
