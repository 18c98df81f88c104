import { INVALID_PHONE } from '../../../../common/domains/orders.ts';
import type { FnOutput } from '../../../../common/contracts/index.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { freshDomainName, placedOrder, registrationContact, registrationInput } from '../../../../../test/support/samples/domainOrders.ts';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { createUser, makeGlobalSuperAdmin, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { auditEntries } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';
import { NO_ACCOUNT_ACCESS } from '../../../access/accountAccess.ts';
import { startImpersonation } from '../../../access/impersonation.ts';
import { resolveCaller } from '../../../auth/caller.ts';
import { NUL_IN_TEXT } from '../../../http/jsonBody.ts';
import { RegistrarError } from '../../../integrations/registrars/registrar.ts';
import { nameNotAvailable, ONLY_ACTIVE_OR_EXPIRED_RENEW, tldNotSold } from './texts.ts';
import { type SellPrice, sellPrices } from '../pricing/tldPrices.ts';

describeEachDialect('domain orders: registerDomain, renewDomain and getDomainOrder', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let prices: Map<string, SellPrice>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { domainSearchTimeoutMs: 2_000 } });
    cast = await permissionCast(t);
    await seedSandboxSupplier(t.services.db);
    prices = await sellPrices(t.services.db);
  });
  afterAll(async () => { await t.stop(); });
  afterEach(() => { vi.restoreAllMocks(); });

  const register = (input: Record<string, unknown>, as: TestUser | null = cast.member) => t.callRaw<FnOutput<'registerDomain'>>('registerDomain', input, as);
  const getOrder = async (orderId: string, as: TestUser = cast.member) => (await t.call('getDomainOrder', { orderId }, as)).result.order;
  const ordersOf = async (accountId: string) => (await t.services.db.selectFrom('domain_orders').select('id').where('account_id', '=', accountId).execute()).length;
  const platformEvents = async (orderId: string) => (await t.services.db.selectFrom('platform_events').select(['event_type', 'actor_user_id', 'payload'])
    .where('event_type', 'like', 'order.domain.%').execute()).filter((e) => JSON.parse(e.payload).orderId === orderId);

  describe('registerDomain', () => {
    it('places an order awaiting payment at our price for the TLD, whatever price, total, user or status the client sends', async () => {
      const domain = freshDomainName('io');
      const res = await register(registrationInput(cast.accountId, {
        domain: `  ${domain.toUpperCase()} `, registrationYears: 3, privacyProtection: false, autoRenew: true,
        contactInfo: registrationContact({ email: ' Ada@Example.TEST ', organization: ' Analytical Engines Ltd ' }),
        price: 0.01, totalPrice: 0.01, userId: cast.outsider.id, status: 'completed', createdAt: '2001-01-01T00:00:00.000Z', orderedBy: 'Somebody else',
      }));
      expect(res).toEqual({ status: 200, result: { success: true, orderId: expect.stringMatching(/^ord_[A-Za-z0-9_-]{22}$/) } });
      const perYear = prices.get('io')!.registerCents;
      const order = await getOrder(res.result.orderId);
      expect(order).toMatchObject({
        id: res.result.orderId, orderId: res.result.orderId, kind: 'registration', domain, accountId: cast.accountId,
        priceCents: perYear, price: perYear / 100, registrationYears: 3, totalCents: perYear * 3, totalPrice: (perYear * 3) / 100, currency: 'USD',
        status: 'pending_payment', paymentStatus: 'pending', registrationStatus: 'pending', userId: cast.member.id, orderedBy: cast.member.name,
        privacyProtection: false, autoRenew: true, registrar: null, error: null, paidAt: null, completedAt: null,
        contactInfo: { ...registrationContact(), email: 'ada@example.test', organization: 'Analytical Engines Ltd' },
      });
      expect(perYear).toBeGreaterThan(100);
      expect(Date.parse(order.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
      expect(await platformEvents(order.id)).toEqual([{
        event_type: 'order.domain.created', actor_user_id: cast.member.id,
        payload: JSON.stringify({ orderId: order.id, kind: 'registration', domain, years: 3, totalCents: perYear * 3, currency: 'USD' }),
      }]);
    });

    it('gives every member of the account the same order page', async () => {
      const orderId = await placedOrder(t, cast.member, cast.accountId);
      const seen = await Promise.all([cast.member, cast.admin, cast.owner].map((user) => t.call('getDomainOrder', { orderId }, user)));
      expect(seen.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(seen.map((r) => JSON.stringify(r.result)))).toHaveProperty('size', 1);
    });

    describe('refuses what cannot be ordered, with a sentence the customer can act on, and places nothing', () => {
      const refusals: [string, (accountId: string) => Record<string, unknown>, string][] = [
        ['a missing postal code', (a) => registrationInput(a, { contactInfo: { ...registrationContact(), postalCode: undefined } }), 'Please fill in postal code'],
        ['a blank first name', (a) => registrationInput(a, { contactInfo: registrationContact({ firstName: '   ' }) }), 'Please fill in first name'],
        ['a missing phone', (a) => registrationInput(a, { contactInfo: { ...registrationContact(), phone: undefined } }), 'Please fill in phone'],
        ['a phone number no registrar could take', (a) => registrationInput(a, { contactInfo: registrationContact({ phone: '12345' }) }), INVALID_PHONE],
        ['0 years', (a) => registrationInput(a, { registrationYears: 0 }), 'The period must be 1 to 10 years.'],
        ['11 years', (a) => registrationInput(a, { registrationYears: 11 }), 'The period must be 1 to 10 years.'],
        ['a bad e-mail', (a) => registrationInput(a, { contactInfo: registrationContact({ email: 'ada-at-example' }) }), 'Please enter a valid email address.'],
        ['a country not on the form', (a) => registrationInput(a, { contactInfo: registrationContact({ country: 'BR' }) }), 'Please choose a country from the list.'],
        ['a TLD we do not price', (a) => registrationInput(a, { domain: freshDomainName('xyz') }), tldNotSold('xyz')],
        ['a name that is not a domain', (a) => registrationInput(a, { domain: 'not a domain' }), 'This is not a valid domain name.'],
        ['a NUL character in a field', (a) => registrationInput(a, { contactInfo: registrationContact({ city: 'Lon\u0000don' }) }), NUL_IN_TEXT],
      ];
      for (const [what, input, message] of refusals) {
        it(what, async () => {
          const before = await ordersOf(cast.accountId);
          const res = await register(input(cast.accountId));
          expect(res.status).toBe(400);
          expect(res.error!.message).toBe(message);
          expect(await ordersOf(cast.accountId)).toBe(before);
        });
      }
    });

    it('refuses a name held by any account, with one sentence whoever holds it', async () => {
      const ours = await seedDomain(t.services, cast.accountId);
      const theirs = await seedDomain(t.services, cast.otherAccountId);
      for (const domain of [ours.name, theirs.name]) {
        expect(await register(registrationInput(cast.accountId, { domain }))).toEqual({
          status: 400, error: { status: 'FAILED_PRECONDITION', message: nameNotAvailable(domain) },
        });
      }
    });

    it('refuses a name another order awaits payment for or is registering, in any account', async () => {
      const domain = freshDomainName();
      await placedOrder(t, cast.outsider, cast.otherAccountId, { domain });
      const refused = await register(registrationInput(cast.accountId, { domain }));
      expect(refused.error).toEqual({ status: 'FAILED_PRECONDITION', message: nameNotAvailable(domain) });
      // The same answer to the account that placed it: a second order would be a second payment for one name.
      expect((await register(registrationInput(cast.otherAccountId, { domain }), cast.outsider)).error!.message).toBe(nameNotAvailable(domain));

      const processing = freshDomainName();
      const orderId = await placedOrder(t, cast.outsider, cast.otherAccountId, { domain: processing });
      await t.services.db.updateTable('domain_orders').set({ status: 'processing', updated_at: '2001-01-01T00:00:00.000Z' }).where('id', '=', orderId).execute();
      expect((await register(registrationInput(cast.accountId, { domain: processing }))).error!.message).toBe(nameNotAvailable(processing));
    });

    it('gives one order when two accounts place the same name at once', async () => {
      const domain = freshDomainName();
      const answers = await Promise.all([
        register(registrationInput(cast.accountId, { domain })),
        register(registrationInput(cast.otherAccountId, { domain }), cast.outsider),
        register(registrationInput(cast.accountId, { domain }), cast.owner),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      const placed = await t.services.db.selectFrom('domain_orders').select('id').where('domain', '=', domain).execute();
      expect(placed).toHaveLength(1);
    });

    it('frees the name of an order nobody paid once its hold has passed', async () => {
      const domain = freshDomainName();
      const stale = await placedOrder(t, cast.outsider, cast.otherAccountId, { domain });
      await t.services.db.updateTable('domain_orders').set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() }).where('id', '=', stale).execute();
      expect((await register(registrationInput(cast.accountId, { domain }))).status).toBe(200);
    });

    it('refuses a name the supplier says is taken before anyone pays', async () => {
      const res = await register(registrationInput(cast.accountId, { domain: 'google.dev' }));
      expect(res.error).toEqual({ status: 'FAILED_PRECONDITION', message: nameNotAvailable('google.dev') });
    });

    it('still places the order when the supplier cannot be asked (the registration job finds out)', async () => {
      const sandbox = t.services.registrars.find((r) => r.id === 'sandbox')!;
      const check = vi.spyOn(sandbox, 'checkAvailability').mockRejectedValue(new RegistrarError('unavailable', 'connection reset by sandbox-host:443', { registrar: 'sandbox' }));
      const res = await register(registrationInput(cast.accountId));
      expect(check).toHaveBeenCalledOnce();
      expect(res.status).toBe(200);
      expect((await getOrder(res.result.orderId)).status).toBe('pending_payment');
    });

    it('refuses outsiders and global super admins who are not members, and signed-out callers', async () => {
      const before = await ordersOf(cast.accountId);
      for (const user of [cast.outsider, cast.globalAdmin]) {
        expect(await register(registrationInput(cast.accountId), user)).toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS } });
      }
      expect((await register(registrationInput(cast.accountId), null)).status).toBe(401);
      expect(await ordersOf(cast.accountId)).toBe(before);
    });

    it('lets an operator acting as the account order for it, recorded in the audit log', async () => {
      const operator = await createUser(t);
      await makeGlobalSuperAdmin(t, operator);
      await startImpersonation(t.services, (await resolveCaller(t.services, operator.token))!, cast.accountId, 'Registering for the customer');
      const res = await register(registrationInput(cast.accountId), operator);
      expect(res.status).toBe(200);
      expect((await getOrder(res.result.orderId)).orderedBy).toBe(operator.name);
      expect(await auditEntries(t, 'domain_order.created', res.result.orderId)).toEqual([
        expect.objectContaining({ actorUserId: operator.id, targetType: 'domain_order', after: expect.objectContaining({ kind: 'registration' }) }),
      ]);
    });
  });

  describe('getDomainOrder', () => {
    it('answers an outsider and a global super admin as for an order that does not exist', async () => {
      const orderId = await placedOrder(t, cast.owner, cast.accountId);
      const notFound = { status: 404, error: { status: 'NOT_FOUND', message: ORDER_NOT_FOUND } };
      for (const user of [cast.outsider, cast.globalAdmin]) expect(await t.call('getDomainOrder', { orderId }, user)).toEqual(notFound);
      expect(await t.call('getDomainOrder', { orderId: 'ord_does_not_exist' }, cast.member)).toEqual(notFound);
    });
  });

  describe('renewDomain', () => {
    const renew = (domain: string, years: number, as: TestUser = cast.member) => t.call('renewDomain', { domain, years }, as);
    const setStatus = (name: string, status: 'active' | 'expired' | 'pending' | 'suspended') =>
      t.services.db.updateTable('domains').set({ status }).where('name', '=', name).execute();

    it('places a renewal at our renewal price for the domain\'s TLD, with no contact', async () => {
      const seeded = await seedDomain(t.services, cast.accountId, { name: freshDomainName('info') });
      const res = await renew(seeded.name, 2);
      expect(res).toEqual({ status: 200, result: { success: true, orderId: expect.stringMatching(/^ord_/) } });
      const perYear = prices.get('info')!.renewCents!;
      // .info registers for much less than it renews: the renewal must not take the registration price.
      expect(perYear).not.toBe(prices.get('info')!.registerCents);
      expect(await getOrder(res.result.orderId)).toMatchObject({
        kind: 'renewal', domain: seeded.name, accountId: cast.accountId, registrationYears: 2, priceCents: perYear, totalCents: perYear * 2,
        contactInfo: null, status: 'pending_payment', paymentStatus: 'pending', userId: cast.member.id,
      });
      const row = await t.services.db.selectFrom('domain_orders').select('domain_id').where('id', '=', res.result.orderId).executeTakeFirstOrThrow();
      expect(row.domain_id).toBe(seeded.id);
    });

    it('answers the open renewal rather than placing a second one', async () => {
      const seeded = await seedDomain(t.services, cast.accountId);
      const first = await renew(seeded.name, 1);
      const again = await renew(seeded.name, 3, cast.owner);
      expect(again.result.orderId).toBe(first.result.orderId);
      await t.services.db.updateTable('domain_orders').set({ status: 'processing' }).where('id', '=', first.result.orderId).execute();
      expect((await renew(seeded.name, 1)).result.orderId).toBe(first.result.orderId);
      await t.services.db.updateTable('domain_orders').set({ status: 'completed' }).where('id', '=', first.result.orderId).execute();
      expect((await renew(seeded.name, 1)).result.orderId).not.toBe(first.result.orderId);
    });

    // An expired domain is refused with its own sentence (renewalRefusals.test.ts).
    it('does not renew a pending or suspended domain', async () => {
      for (const status of ['pending', 'suspended'] as const) {
        const other = await seedDomain(t.services, cast.accountId);
        await setStatus(other.name, status);
        expect(await renew(other.name, 1)).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: ONLY_ACTIVE_OR_EXPIRED_RENEW } });
      }
    });

    it('refuses 0 and 11 years', async () => {
      const seeded = await seedDomain(t.services, cast.accountId);
      for (const years of [0, 11]) expect((await renew(seeded.name, years)).error!.message).toBe('The period must be 1 to 10 years.');
    });

    it('answers an outsider and a global super admin as for a domain nobody holds', async () => {
      const seeded = await seedDomain(t.services, cast.accountId);
      const notFound = { status: 404, error: { status: 'NOT_FOUND', message: DOMAIN_NOT_FOUND } };
      for (const user of [cast.outsider, cast.globalAdmin]) expect(await renew(seeded.name, 1, user)).toEqual(notFound);
      expect(await renew(freshDomainName(), 1)).toEqual(notFound);
      const placed = await t.services.db.selectFrom('domain_orders').select('id').where('domain', '=', seeded.name).execute();
      expect(placed).toEqual([]);
    });
  });
});
