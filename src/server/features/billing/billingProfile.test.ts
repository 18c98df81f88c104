import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithMembers, addMember, createUser, makeGlobalSuperAdmin, type PermissionCast, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { BILLING_EDIT_DENIED, BILLING_EMAIL_REQUIRED, BILLING_PROFILE_SAVED } from '../../../common/billing/contract.ts';
import { NO_ACCOUNT_ACCESS } from '../../access/accountAccess.ts';
import { startImpersonation } from '../../access/impersonation.ts';
import { resolveCaller } from '../../auth/caller.ts';
import { storedInvoice } from '../../../../test/support/billing/paymentEvents.ts';

describeEachDialect('billing profile: getBillingOverview and updateBillingProfile', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  const valid = () => ({ accountId: cast.accountId, billingName: 'Ada Billing', billingEmail: 'ada@example.test', billingAddress: '1 Main St', taxId: 'DE123' });
  const stored = (accountId: string) => t.services.db.selectFrom('accounts')
    .select(['billing_name', 'billing_email', 'billing_address', 'tax_id']).where('id', '=', accountId).executeTakeFirstOrThrow();

  describe('getBillingOverview', () => {
    it('a new account: empty profile as empty strings, no customer, no subscriptions or invoices, test mode', async () => {
      const a = await accountWithMembers(t);
      const res = await t.call('getBillingOverview', { accountId: a.accountId }, a.owner);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({
        account: { id: a.accountId, name: `Account of ${a.owner.name}` },
        profile: { billingName: '', billingEmail: '', billingAddress: '', taxId: '' },
        customerId: null, canEdit: true, paymentMode: 'test', subscriptions: [], latestInvoice: null,
      });
    });

    it('every member reads it; only the owner and admins may edit', async () => {
      const canEdit = async (user: typeof cast.owner) => (await t.call('getBillingOverview', { accountId: cast.accountId }, user)).result.canEdit;
      expect(await canEdit(cast.owner)).toBe(true);
      expect(await canEdit(cast.admin)).toBe(true);
      expect(await canEdit(cast.member)).toBe(false);
    });

    it('a global super admin impersonating the account may edit it, as its admins may', async () => {
      const a = await accountWithMembers(t);
      const operator = await createUser(t);
      await makeGlobalSuperAdmin(t, operator);
      await startImpersonation(t.services, (await resolveCaller(t.services, operator.token))!, a.accountId, 'Billing help');
      expect((await t.call('getBillingOverview', { accountId: a.accountId }, operator)).result.canEdit).toBe(true);
    });

    it('outsiders and global super admins who are not members are refused with nothing of the account', async () => {
      for (const user of [cast.outsider, cast.globalAdmin]) {
        expect(await t.call('getBillingOverview', { accountId: cast.accountId }, user)).toEqual({
          status: 403, error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS },
        });
      }
      expect((await t.call('getBillingOverview', { accountId: cast.accountId }, null)).status).toBe(401);
      expect((await t.call('getBillingOverview', { accountId: 'no-such-account' }, cast.owner)).status).toBe(403);
    });

    it('shows the customer id, the subscriptions that started (newest first) and the latest invoice', async () => {
      const a = await accountWithMembers(t);
      const db = t.services.db;
      await db.updateTable('accounts').set({ stripe_customer_id: 'cus_shown' }).where('id', '=', a.accountId).execute();
      const subscriptionRow = (status: 'active' | 'incomplete' | 'canceled', createdAt: string, name: string) => ({
        id: randomUUID(), account_id: a.accountId, provider_subscription_id: `sub_${randomUUID()}`, provider_customer_id: 'cus_shown',
        product_name: name, unit_amount: 1200, currency: 'USD', interval: 'month' as const, status,
        current_period_end: '2026-03-01T00:00:00.000Z', cancel_at_period_end: true, provider_updated: 1, created_at: createdAt,
      });
      await db.insertInto('subscriptions').values([
        subscriptionRow('canceled', '2026-01-01T00:00:00.000Z', 'Old plan'),
        subscriptionRow('active', '2026-02-01T00:00:00.000Z', 'Current plan'),
        subscriptionRow('incomplete', '2026-02-02T00:00:00.000Z', 'Abandoned checkout'),
      ]).execute();
      await storedInvoice(db, a.accountId, { invoiceDate: '2026-01-01T00:00:00.000Z', number: 'OLDER' });
      const latest = await storedInvoice(db, a.accountId, { invoiceDate: '2026-02-01T00:00:00.000Z', number: 'NEWEST', amountCents: 1200 });

      const overview = (await t.call('getBillingOverview', { accountId: a.accountId }, a.member)).result;
      expect(overview.customerId).toBe('cus_shown');
      expect(overview.subscriptions.map((s: { productName: string }) => s.productName)).toEqual(['Current plan', 'Old plan']);
      expect(overview.subscriptions[0]).toMatchObject({
        status: 'active', unitAmount: 1200, currency: 'USD', interval: 'month', currentPeriodEnd: '2026-03-01T00:00:00.000Z', cancelAtPeriodEnd: true,
      });
      expect(overview.latestInvoice).toMatchObject({ id: latest, number: 'NEWEST', amountCents: 1200, status: 'paid' });
    });
  });

  describe('updateBillingProfile', () => {
    it('the owner and an admin save; values are trimmed, the e-mail lower-cased, and the overview shows them', async () => {
      for (const user of [cast.owner, cast.admin]) {
        const res = await t.call('updateBillingProfile', {
          accountId: cast.accountId, billingName: '  Ada Billing  ', billingEmail: '  Ada.Billing@Example.TEST ', billingAddress: ' 1 Main St\nSpringfield ', taxId: ' DE123 ',
        }, user);
        expect(res).toEqual({
          status: 200,
          result: {
            success: true, message: BILLING_PROFILE_SAVED,
            profile: { billingName: 'Ada Billing', billingEmail: 'ada.billing@example.test', billingAddress: '1 Main St\nSpringfield', taxId: 'DE123' },
          },
        });
      }
      expect(await stored(cast.accountId)).toEqual({
        billing_name: 'Ada Billing', billing_email: 'ada.billing@example.test', billing_address: '1 Main St\nSpringfield', tax_id: 'DE123',
      });
      const overview = (await t.call('getBillingOverview', { accountId: cast.accountId }, cast.member)).result;
      expect(overview.profile).toEqual({ billingName: 'Ada Billing', billingEmail: 'ada.billing@example.test', billingAddress: '1 Main St\nSpringfield', taxId: 'DE123' });
    });

    it('optional fields may be left out or blank; they are stored as absent and read back as empty', async () => {
      const a = await accountWithMembers(t);
      const res = await t.call('updateBillingProfile', { accountId: a.accountId, billingEmail: 'only@example.test', taxId: '   ' }, a.owner);
      expect(res.result.profile).toEqual({ billingName: '', billingEmail: 'only@example.test', billingAddress: '', taxId: '' });
      expect(await stored(a.accountId)).toEqual({ billing_name: null, billing_email: 'only@example.test', billing_address: null, tax_id: null });
    });

    it('a plain member gets the spec\'s text and nothing changes', async () => {
      const before = await stored(cast.accountId);
      const res = await t.call('updateBillingProfile', { ...valid(), billingEmail: 'member@example.test' }, cast.member);
      expect(res).toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: BILLING_EDIT_DENIED } });
      expect(await stored(cast.accountId)).toEqual(before);
    });

    it('nobody outside the account changes it, whoever they are and whatever account id they send', async () => {
      const before = await stored(cast.accountId);
      for (const user of [cast.outsider, cast.globalAdmin]) {
        const res = await t.call('updateBillingProfile', { ...valid(), billingEmail: 'attacker@example.test' }, user);
        expect(res).toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS } });
      }
      // An admin of account B aims at account A.
      const adminOfB = await createUser(t);
      await addMember(t, cast.otherAccountId, adminOfB, 'super_admin');
      expect((await t.call('updateBillingProfile', { ...valid(), billingEmail: 'b@example.test' }, adminOfB)).status).toBe(403);
      expect((await t.call('updateBillingProfile', { ...valid(), billingEmail: 'x@example.test' }, null)).status).toBe(401);
      expect(await stored(cast.accountId)).toEqual(before);
    });

    it('requires a billing e-mail, with the spec\'s text, also when blank', async () => {
      for (const billingEmail of [undefined, '', '   ']) {
        const res = await t.callRaw('updateBillingProfile', { ...valid(), billingEmail }, cast.owner);
        expect(res).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT', message: BILLING_EMAIL_REQUIRED } });
      }
    });

    it('refuses what is not an e-mail, overlong values, wrong types, unknown fields and NUL bytes, writing nothing', async () => {
      const before = await stored(cast.accountId);
      const cases: [Record<string, unknown>, string][] = [
        [{ billingEmail: 'not-an-email' }, 'Please enter a valid billing email address.'],
        [{ billingEmail: `${'a'.repeat(250)}@example.test` }, 'Billing email must be at most 254 characters.'],
        [{ billingName: 'n'.repeat(201) }, 'Billing contact name must be at most 200 characters.'],
        [{ billingAddress: 'a'.repeat(1_001) }, 'Billing address must be at most 1000 characters.'],
        [{ taxId: 't'.repeat(65) }, 'Tax ID must be at most 64 characters.'],
        [{ billingName: 42 }, 'Billing contact name must be text.'],
        [{ billingEmail: ['a@example.test'] }, BILLING_EMAIL_REQUIRED],
      ];
      for (const [change, message] of cases) {
        const res = await t.call('updateBillingProfile', { ...valid(), ...change }, cast.owner);
        expect(res, JSON.stringify(change).slice(0, 60)).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT', message } });
      }
      const unknown = await t.callRaw('updateBillingProfile', { ...valid(), stripeCustomerId: 'cus_mine' }, cast.owner);
      expect(unknown).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT' } });
      const nul = await t.call('updateBillingProfile', { ...valid(), billingName: 'Ada\u0000' }, cast.owner);
      expect(nul).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT' } });
      expect(nul.error!.message).not.toMatch(/sql|postgres|sqlite|fastify|zod/i);
      expect(await stored(cast.accountId)).toEqual(before);
      expect(await t.services.db.selectFrom('accounts').select('stripe_customer_id').where('id', '=', cast.accountId).executeTakeFirst())
        .toEqual({ stripe_customer_id: null });
    });

    it('records a platform event naming the fields changed, by the caller', async () => {
      const a = await accountWithMembers(t);
      await t.call('updateBillingProfile', { accountId: a.accountId, billingEmail: 'first@example.test' }, a.admin);
      await t.call('updateBillingProfile', { accountId: a.accountId, billingEmail: 'first@example.test', taxId: 'VAT9' }, a.owner);
      const events = await t.services.db.selectFrom('platform_events').select(['actor_user_id', 'payload'])
        .where('event_type', '=', 'user.billing.updated').where('account_id', '=', a.accountId).orderBy('created_at').execute();
      expect(events.map((e) => ({ actor: e.actor_user_id, payload: JSON.parse(e.payload) }))).toEqual([
        { actor: a.admin.id, payload: { changed: ['billingEmail'] } },
        { actor: a.owner.id, payload: { changed: ['taxId'] } },
      ]);
    });
  });
});
