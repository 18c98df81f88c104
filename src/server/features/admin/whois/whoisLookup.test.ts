import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  WHOIS_DOMAIN_INVALID, WHOIS_DOMAIN_REQUIRED, WHOIS_DOMAIN_TOO_LONG, WHOIS_LOOKUPS_PER_MINUTE, WHOIS_UNAVAILABLE, WHOIS_UNSUPPORTED,
} from '../../../../common/admin/whois/texts.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { type FakeRdap, rdapDomain, startFakeRdap } from '../../../../../test/support/registrars/rdap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { createUser } from '../../../../../test/support/factories.ts';

describeEachDialect('whoisLookup (back office)', (dialect) => {
  let t: TestApp;
  let rdap: FakeRdap;
  let operator: TestUser;
  beforeAll(async () => {
    rdap = await startFakeRdap();
    t = await startTestApp(dialect, { env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl } });
  });
  afterAll(async () => { await t.stop(); await rdap.server.close(); });
  // Each test's operator is new, so each starts with a whole minute's budget.
  beforeEach(async () => {
    operator = await signUpOperator(t);
    rdap.domains.clear();
    rdap.services = [[['com', 'net', 'co.uk', 'example'], [rdap.base]]];
  });
  const domainQueries = () => rdap.server.requests.filter((r) => r.path.startsWith('/rdap/domain/')).length;

  it('answers the registry\'s parsed fields and its raw JSON, indented', async () => {
    rdap.domains.set('acme-widgets.com', rdapDomain('acme-widgets.com'));
    const res = await t.call('whoisLookup', { domain: '  ACME-Widgets.com. ' }, operator);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({
      domain: 'acme-widgets.com', source: 'rdap', registered: true, registrar: 'Example Registrar LLC',
      createdAt: '2025-03-14T10:00:00.000Z', updatedAt: '2025-06-01T08:30:00.000Z', expiresAt: '2026-03-14T10:00:00.000Z',
      statuses: ['client transfer prohibited'], nameservers: ['ns1.example.net', 'ns2.example.net'],
      raw: JSON.stringify(rdapDomain('acme-widgets.com'), null, 2),
    });
  });

  it('a name the registry does not know is answered as not registered, with the registry\'s words', async () => {
    const res = await t.call('whoisLookup', { domain: 'free-name.net' }, operator);
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ domain: 'free-name.net', registered: false, registrar: null, statuses: [], nameservers: [] });
    expect(res.result.raw).toContain('free-name.net is not registered.');
  });

  it('an internationalised name is asked in its A-label form', async () => {
    rdap.domains.set('xn--bcher-kva.com', rdapDomain('xn--bcher-kva.com'));
    const res = await t.call('whoisLookup', { domain: 'Bücher.com' }, operator);
    expect(res.result).toMatchObject({ domain: 'xn--bcher-kva.com', registered: true });
  });

  it('refuses what is not a domain name before asking anyone, in words an operator can act on', async () => {
    const before = domainQueries();
    const refused: [unknown, string][] = [
      ['', WHOIS_DOMAIN_REQUIRED],
      ['   ', WHOIS_DOMAIN_REQUIRED],
      [42, WHOIS_DOMAIN_REQUIRED],
      ['https://example.com/path', WHOIS_DOMAIN_INVALID],
      ['example.com:43', WHOIS_DOMAIN_INVALID],
      ['exa mple.com', WHOIS_DOMAIN_INVALID],
      ['localhost', WHOIS_DOMAIN_INVALID],
      ['192.0.2.1', WHOIS_DOMAIN_INVALID],
      ['-bad.com', WHOIS_DOMAIN_INVALID],
      ['a..com', WHOIS_DOMAIN_INVALID],
      ['example.com\r\nwhois.evil.test', WHOIS_DOMAIN_INVALID],
      ['<script>alert(1)</script>.com', WHOIS_DOMAIN_INVALID],
      [`${'a'.repeat(64)}.com`, WHOIS_DOMAIN_INVALID],
      [`${'a.'.repeat(130)}com`, WHOIS_DOMAIN_TOO_LONG],
    ];
    for (const [domain, message] of refused) {
      const res = await t.callRaw('whoisLookup', { domain }, operator);
      expect([domain, res.status, res.error?.message]).toEqual([domain, 400, message]);
    }
    const nul = await t.callRaw('whoisLookup', { domain: 'exa\u0000mple.com' }, operator);
    expect(nul.status).toBe(400);
    expect(nul.error?.status).toBe('INVALID_ARGUMENT');
    expect((await t.callRaw('whoisLookup', { domain: 'example.com', server: 'whois.evil.test' }, operator)).status).toBe(400);
    expect(domainQueries()).toBe(before);
  });

  it('a TLD with neither RDAP nor a WHOIS server known, and a registry that fails, are said in our words', async () => {
    const unsupported = await t.call('whoisLookup', { domain: 'example.zzz' }, operator);
    expect([unsupported.status, unsupported.error?.message]).toEqual([400, WHOIS_UNSUPPORTED('zzz')]);
    // .example has RDAP on the fake but no WHOIS server to fall back to.
    rdap.server.override({ status: 500, body: 'boom' });
    const failing = await t.call('whoisLookup', { domain: 'shop.example' }, operator);
    expect([failing.status, failing.error?.status, failing.error?.message]).toEqual([503, 'UNAVAILABLE', WHOIS_UNAVAILABLE]);
    expect(JSON.stringify(failing.error)).not.toMatch(/127\.0\.0\.1|HTTP 500|boom/);
  });

  it(`allows ${WHOIS_LOOKUPS_PER_MINUTE} lookups a minute per operator; another operator keeps their own`, async () => {
    rdap.domains.set('busy.com', rdapDomain('busy.com'));
    for (let i = 0; i < WHOIS_LOOKUPS_PER_MINUTE; i += 1) expect((await t.call('whoisLookup', { domain: 'busy.com' }, operator)).status).toBe(200);
    const before = domainQueries();
    const refused = await t.call('whoisLookup', { domain: 'busy.com' }, operator);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: expect.stringMatching(/^Too many lookups\. Wait \d+ seconds? and try again\.$/) });
    expect(domainQueries()).toBe(before);
    const other = await signUpOperator(t);
    expect((await t.call('whoisLookup', { domain: 'busy.com' }, other)).status).toBe(200);
  });

  it('is the back office\'s: a customer is refused and the registry is not asked', async () => {
    const customer = await createUser(t);
    const before = domainQueries();
    expect((await t.call('whoisLookup', { domain: 'acme.com' }, customer)).status).toBe(403);
    expect((await t.call('whoisLookup', { domain: 'acme.com' }, null)).status).toBe(401);
    expect(domainQueries()).toBe(before);
  });
});
