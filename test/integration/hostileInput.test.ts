import { afterAll, beforeAll, expect, it } from 'vitest';
import { permissionCast, type PermissionCast } from '../support/factories.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';
const LEAK = /Maximum call stack|stack|driver|destroyed|syntax error|invalid byte sequence|22021|22008|SQLITE|postgres|kysely|FST_/i;
const cursorOf = (c: string, i = '9b2f6c1e-0000-4000-8000-000000000000') => Buffer.from(JSON.stringify({ c, i })).toString('base64url');

/** Probes every function as an attacker would: each gets a clear 4xx and nothing is written. */
describeEachDialect('hostile input', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  const counts = async () => Object.fromEntries(await Promise.all(
    ['accounts', 'account_members', 'tickets', 'ticket_replies', 'invitations', 'users', 'mail_outbox', 'products', 'prices',
      'subscriptions', 'invoices', 'checkout_sessions', 'payment_events', 'test_payment_objects', 'audit_log',
      'domain_suppliers', 'supplier_tld_costs', 'tld_markups', 'domains', 'domain_orders', 'domain_order_attempts'].map(async (table) => {
      const row = await t.services.db.selectFrom(table as 'accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return [table, Number(row.n)];
    }),
  ));

  it('a NUL character in any string of a function input is a clear 400 INVALID_ARGUMENT, on every function', async () => {
    const before = await counts();
    const inputs: [string, unknown][] = [
      ['createAccount', { accountName: 'Evil\u0000Corp' }],
      ['updateProfile', { displayName: 'Nul\u0000Name' }],
      ['submitTicket', { accountId: cast.accountId, subject: 'Sub\u0000ject', description: 'body', priority: 'low' }],
      ['getTicket', { ticketId: 'abc\u0000' }],
      ['getInvitation', { invitationId: 'abc\u0000def' }],
      ['acceptInvitation', { invitationId: '\u0000' }],
      ['sendInvitation', { accountId: cast.accountId, inviteeEmail: 'a\u0000@example.test', role: 'member' }],
      ['setActiveAccount', { accountId: `${cast.accountId}\u0000` }],
      ['listAccountMembers', { accountId: '\u0000' }],
      ['listMyTickets', { cursor: '\u0000' }],
      ['updateBillingProfile', { accountId: cast.accountId, billingName: 'A\u0000', billingEmail: 'a@example.test', billingAddress: '', taxId: '' }],
      ['createStripeCheckoutSession', { accountId: cast.accountId, priceId: 'price_\u0000' }],
      ['getInvoice', { invoiceId: 'in\u0000' }],
      ['listInvoices', { accountId: cast.accountId, cursor: '\u0000' }],
      ['listProducts', { category: 'Host\u0000ing' }],
      ['payTestCheckout', { sessionId: 'cs\u0000', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', cardholderName: 'A' }],
      ['searchDomains', { query: 'ex\u0000ample', tlds: ['com'], accountId: cast.accountId }],
      ['searchDomains', { query: 'example', tlds: ['c\u0000m'], accountId: cast.accountId }],
      ['registerDomain', { domain: 'nul-byte.com', registrationYears: 1, accountId: cast.accountId, contactInfo: {
        firstName: 'A', lastName: 'B', email: 'a@example.test', phone: '+1.5555550100', address: '1 Main\u0000St', city: 'C', state: 'S', postalCode: '1',
      } }],
      ['getDomainOrder', { orderId: 'ord_\u0000' }],
      ['listDomains', { accountId: cast.accountId, search: 'ex\u0000' }],
      ['getDomainDetails', { domain: 'example\u0000.com' }],
      ['updateDomainNameservers', { domain: 'example.com', nameservers: ['ns1.example.com', 'ns2\u0000.example.com'] }],
    ];
    for (const [name, data] of inputs) {
      const res = await t.callRaw(name, data, cast.owner);
      expect(res.status, name).toBe(400);
      expect(res.error?.status, name).toBe('INVALID_ARGUMENT');
      expect(res.error?.message, name).toBe('Text must not contain NUL characters.');
    }
    // Keys count too.
    const key = await t.callRaw('updateProfile', { ['display\u0000Name']: 'x' }, cast.owner);
    expect(key.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an impossible date', cursorOf('2024-13-45T99:99:99Z')],
    ['the 30th of February', cursorOf('2024-02-30T10:00:00Z')],
    ['a 25th hour', cursorOf('2024-02-10 25:00:00+00')],
    ['a NUL in the id', cursorOf('2024-02-10T10:00:00Z', 'a\u0000b')],
  ])('a ticket cursor holding %s is a clear 400', async (_label, cursor) => {
    const res = await t.call('listMyTickets', { cursor }, cast.owner);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'The page cursor is not valid. Reload the list.' });
  });

  it.each([
    ['an impossible date', '2024-13-45T99:99:99.000Z'],
    ['the 30th of February', '2024-02-30T10:00:00.000Z'],
  ])('an invoice cursor holding %s is a clear 400', async (_label, d) => {
    const cursor = Buffer.from(JSON.stringify({ d, i: 'in_1' })).toString('base64url');
    const res = await t.call('listInvoices', { accountId: cast.accountId, cursor }, cast.owner);
    expect(res.status).toBe(400);
    expect(res.error?.status).toBe('INVALID_ARGUMENT');
  });

  it.each([
    ['a 500-character query', { query: 'x'.repeat(500) }, 400, 'Please enter a valid domain name.'],
    ['a 100,000-character query', { query: 'x.'.repeat(50_000) }, 400, 'Please enter a valid domain name.'],
    ['21 TLDs', { tlds: Array.from({ length: 21 }, () => 'com') }, 400, 'Too many TLDs selected.'],
    ['a TLD with other characters', { tlds: ["com'; drop table accounts;--"] }, 400, 'A TLD is not valid.'],
    ['a TLD that is not text', { tlds: [{ $ne: null }] }, 400, null],
    // Like every members function: an account the caller is not in, whether or not it exists.
    ['an account id that is not one', { accountId: '../../etc/passwd' }, 403, 'You do not have access to this account.'],
  ])('searchDomains with %s is a clear 4xx', async (_label, input, status, message) => {
    const res = await t.callRaw('searchDomains', { query: 'example', tlds: ['com'], accountId: cast.accountId, ...input }, cast.member);
    expect(res.status).toBe(status);
    if (message) expect(res.error?.message).toBe(message);
    expect(JSON.stringify(res)).not.toMatch(LEAK);
  });

  it('another account\'s ids, signed out, deep nesting and huge bodies: each a 4xx, nothing written', async () => {
    const before = await counts();
    const probes: [string, unknown, typeof cast.owner | null][] = [
      ['listAccountMembers', { accountId: cast.otherAccountId }, cast.owner],
      ['sendInvitation', { accountId: cast.otherAccountId, inviteeEmail: 'x@example.test', role: 'super_admin' }, cast.admin],
      ['setActiveAccount', { accountId: cast.otherAccountId }, cast.member],
      ['submitTicket', { accountId: cast.otherAccountId, subject: 's', description: 'm', priority: 'low' }, cast.member],
      ['createAccount', { accountName: 'Signed out' }, null],
      ['updateProfile', { displayName: 'Signed out' }, null],
      ['updateBillingProfile', { accountId: cast.otherAccountId, billingEmail: 'x@example.test' }, cast.owner],
      ['createAccountStripePortalLink', { accountId: cast.otherAccountId }, cast.admin],
      ['createStripeCheckoutSession', { accountId: cast.otherAccountId, priceId: 'price_x' }, cast.owner],
      ['listInvoices', { accountId: cast.otherAccountId }, cast.member],
      ['adminSaveProduct', { name: 'Not an operator' }, cast.owner],
      ['updateBillingProfile', { accountId: cast.accountId, billingEmail: 'x@example.test' }, null],
      ['getTldPricing', {}, null],
      ['getTldPricing', { accountId: cast.otherAccountId }, cast.owner],
      ['syncSupplierTlds', {}, cast.owner],
      ['syncSupplierTlds', {}, null],
      ['syncSupplierTlds', { supplierId: 'sand\u0000box' }, cast.globalAdmin],
      ['syncSupplierTlds', { supplierId: 'x'.repeat(129) }, cast.globalAdmin],
      ['syncSupplierTlds', { supplierId: ['sandbox'] }, cast.globalAdmin],
      ['syncSupplierTlds', { supplierId: "sandbox' or '1'='1" }, cast.globalAdmin],
      ['setSupplierActive', { supplierId: "sandbox' or '1'='1", isActive: false, confirm: true }, cast.globalAdmin],
      ['setSupplierActive', { supplierId: 'sandbox', isActive: 'false' }, cast.globalAdmin],
      ['setSupplierActive', { supplierId: 'sandbox', isActive: false }, cast.owner],
      ['testRegistrarApi', { supplier: 'sandbox', domain: 'http://169.254.169.254/latest' }, cast.globalAdmin],
      ['testRegistrarApi', { supplier: 'sandbox', domain: 'a'.repeat(300) + '.com' }, cast.globalAdmin],
      ['testRegistrarApi', { supplier: 'sandbox', domain: 'example.com' }, null],
      ['searchDomains', { query: 'example', tlds: ['com'], accountId: cast.otherAccountId }, cast.owner],
      ['searchDomains', { query: 'example', tlds: ['com'], accountId: cast.accountId }, null],
      ['registerDomain', { domain: 'other-account.com', registrationYears: 1, accountId: cast.otherAccountId, contactInfo: {
        firstName: 'A', lastName: 'B', email: 'a@example.test', phone: '+1.5555550100', address: '1 Main St', city: 'C', state: 'S', postalCode: '1',
      } }, cast.owner],
      ['registerDomain', { domain: 'big.com', registrationYears: 1e308, accountId: cast.accountId }, cast.owner],
      ['listDomains', { accountId: cast.otherAccountId }, cast.member],
      ['listDomains', { accountId: cast.accountId, cursor: cursorOf('2024-02-30T25:61:00Z') }, cast.member],
      ['listDomains', { accountId: cast.accountId, sortBy: 'expirationDate; drop table domains' }, cast.member],
      ['getDomainOrder', { orderId: 'ord_does_not_exist' }, cast.member],
      ['payDomainOrder', { orderId: 'ord_does_not_exist' }, null],
      ['renewDomain', { domain: 'not-ours.com', years: 1 }, cast.owner],
      ['renewDomain', { domain: 'not-ours.com', years: 11 }, cast.owner],
      ['getDomainTransferCode', { domain: 'not-ours.com' }, cast.owner],
      ['verifyManagedDomainsBulk', { domains: Array.from({ length: 101 }, (_, i) => `n${i}.com`) }, cast.owner],
    ];
    for (const [name, data, as] of probes) {
      const res = await t.callRaw(name, data, as);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(JSON.stringify(res), name).not.toMatch(LEAK);
    }
    const bodies = [
      `{"data":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      JSON.stringify({ data: { accountName: 'x'.repeat(5 * 1024 * 1024) } }),
      '{"data": {"accountName": "unterminated',
      '{"__proto__": {"admin": true}, "data": {}}',
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/fn/createAccount', remoteAddress: nextClientIp(),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.outsider.token}`, origin: ORIGIN }, payload,
      });
      expect(res.statusCode, payload.slice(0, 40)).toBe(400);
      expect(res.json().error.status).toBe('INVALID_ARGUMENT');
      expect(res.body).not.toMatch(LEAK);
    }
    expect(await counts()).toEqual(before);
  });
});
