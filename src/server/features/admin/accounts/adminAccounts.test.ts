import { randomUUID } from 'node:crypto';
import type { FnOutput } from '../../../../common/contracts/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_HAS_ORDER_IN_PROGRESS, ACCOUNT_NAME_REQUIRED_ADMIN, ACCOUNT_NAME_TOO_LONG, ADMIN_ACCOUNT_NOT_FOUND, BILLING_EMAIL_INVALID,
  INVALID_ACCOUNTS_CURSOR, NOTHING_TO_UPDATE, OWNER_EMAIL_INVALID, OWNER_EMAIL_REQUIRED, OWNER_NOT_FOUND, SEARCH_TOO_SHORT, TRANSFER_TARGET_NOT_FOUND, TRANSFER_TO_SELF,
} from '../../../../common/admin/accounts/texts.ts';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { createUser } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

const DAY_MS = 86_400_000;

type AccountsAnswer = FnOutput<'getAllAccounts'>;

describeEachDialect('back-office accounts', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    customer = await createUser(t);
  });
  afterAll(async () => { await t.stop(); });

  const create = async (accountName: string, over: Record<string, unknown> = {}) => {
    const res = await t.call('adminCreateAccount', { accountName, ownerEmail: customer.email, ...over }, operator);
    if (res.status !== 200) throw new Error(`adminCreateAccount ${res.status}: ${JSON.stringify(res.error)}`);
    return res.result.account as { id: string; name: string };
  };
  /** getAllAccounts answers a keyset page or the picker list, by its input. */
  function expectShape<S extends AccountsAnswer['shape']>(result: AccountsAnswer, shape: S): asserts result is Extract<AccountsAnswer, { shape: S }> {
    expect(result.shape).toBe(shape);
  }
  const invalid = (res: { status: number; error?: unknown }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  };
  const order = async (accountId: string, ageDays: number, status = 'completed') => {
    const at = new Date(Date.now() - ageDays * DAY_MS).toISOString();
    await t.services.db.insertInto('domain_orders').values({
      id: randomUUID(), kind: 'registration', account_id: accountId, user_id: customer.id, domain: `o-${randomUUID().slice(0, 8)}.com`, tld: 'com',
      years: 1, price_cents: 1200, total_cents: 1200, status, created_at: at, updated_at: at,
    } as never).execute();
  };
  const accountCount = async () => Number((await t.services.db.selectFrom('accounts').select((eb) => eb.fn.countAll().as('c')).executeTakeFirstOrThrow()).c);

  describe('adminCreateAccount', () => {
    it('creates the account owned by the user with ownerEmail, trimmed, empty optional values null, audited', async () => {
      const res = await t.call('adminCreateAccount', {
        accountName: '  Acme Hosting  ', ownerEmail: customer.email.toUpperCase(), billingName: ' ', billingEmail: 'Billing@Acme.Example', taxId: '',
      }, operator);
      expect(res.status).toBe(200);
      const account = res.result.account;
      expect(account).toMatchObject({
        name: 'Acme Hosting', status: 'active', owner: { id: customer.id, email: customer.email }, billingName: null,
        billingEmail: 'billing@acme.example', billingAddress: null, taxId: null, memberCount: 1, domainCount: 0, recentOrderCount: 0, activity: 'Inactive',
      });
      const member = await t.services.db.selectFrom('account_members').selectAll().where('account_id', '=', account.id).execute();
      expect(member.map((m) => [m.user_id, m.role])).toEqual([[customer.id, 'account_owner']]);
      const [entry] = await auditEntries(t, 'account.created', account.id);
      expect(entry).toMatchObject({ actorUserId: operator.id, actorEmail: operator.email, targetType: 'account', before: null });
      expect(entry.after).toMatchObject({ name: 'Acme Hosting', ownerId: customer.id, billingEmail: 'billing@acme.example' });
    });

    it('asks for the owner: without ownerEmail nothing is created and the operator owns nothing', async () => {
      const before = await accountCount();
      const ownedByOperator = async () => (await t.services.db.selectFrom('account_members').select('account_id').where('user_id', '=', operator.id).execute()).length;
      const operatorOwned = await ownedByOperator();
      invalid(await t.callRaw('adminCreateAccount', { accountName: 'Operator Owned' }, operator), OWNER_EMAIL_REQUIRED);
      invalid(await t.callRaw('adminCreateAccount', { accountName: 'Operator Owned', ownerEmail: null }, operator), OWNER_EMAIL_REQUIRED);
      invalid(await t.callRaw('adminCreateAccount', { accountName: 'Operator Owned', ownerEmail: '  ' }, operator), OWNER_EMAIL_REQUIRED);
      expect(await accountCount()).toBe(before);
      expect(await ownedByOperator()).toBe(operatorOwned);
    });

    it('an operator who names themself as the owner owns it (a deliberate choice, not a default)', async () => {
      const res = await t.call('adminCreateAccount', { accountName: 'Operator Chose', ownerEmail: operator.email }, operator);
      expect(res.result.account.owner.id).toBe(operator.id);
    });

    it('refuses each invalid field with its sentence and writes nothing', async () => {
      const before = await accountCount();
      invalid(await t.call('adminCreateAccount', { accountName: '   ', ownerEmail: customer.email }, operator), ACCOUNT_NAME_REQUIRED_ADMIN);
      invalid(await t.callRaw('adminCreateAccount', {}, operator), ACCOUNT_NAME_REQUIRED_ADMIN);
      invalid(await t.call('adminCreateAccount', { accountName: 'x'.repeat(101), ownerEmail: customer.email }, operator), ACCOUNT_NAME_TOO_LONG);
      invalid(await t.call('adminCreateAccount', { accountName: 'A', ownerEmail: customer.email, billingEmail: 'not-an-address' }, operator), BILLING_EMAIL_INVALID);
      invalid(await t.call('adminCreateAccount', { accountName: 'A', ownerEmail: 'nobody@' }, operator), OWNER_EMAIL_INVALID);
      invalid(await t.call('adminCreateAccount', { accountName: 'A', ownerEmail: 'nobody-here@example.test' }, operator), OWNER_NOT_FOUND);
      expect(await accountCount()).toBe(before);
    });
  });

  describe('adminUpdateAccount', () => {
    it('changes only the fields given; empty values become null; before and after audited', async () => {
      const { id } = await create('Before Name', { billingName: 'Jane Doe', billingAddress: '1 Main St', taxId: 'VAT1' });
      const res = await t.call('adminUpdateAccount', { accountId: id, updates: { accountName: ' After Name ', billingName: '', taxId: '  ' } }, operator);
      expect(res.status).toBe(200);
      expect(res.result.account).toMatchObject({ name: 'After Name', billingName: null, taxId: null, billingAddress: '1 Main St' });
      const [entry] = await auditEntries(t, 'account.updated', id);
      expect(entry.before).toMatchObject({ name: 'Before Name', billingName: 'Jane Doe', taxId: 'VAT1' });
      expect(entry.after).toMatchObject({ name: 'After Name', billingName: null, taxId: null });
    });

    it('refuses a blank name, no updates, and an unknown account', async () => {
      const { id } = await create('Keeps Its Name');
      invalid(await t.call('adminUpdateAccount', { accountId: id, updates: { accountName: '' } }, operator), ACCOUNT_NAME_REQUIRED_ADMIN);
      invalid(await t.call('adminUpdateAccount', { accountId: id, updates: {} }, operator), NOTHING_TO_UPDATE);
      const missing = await t.call('adminUpdateAccount', { accountId: 'no-such-account', updates: { billingName: 'X' } }, operator);
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({ message: ADMIN_ACCOUNT_NOT_FOUND });
      expect(await auditEntries(t, 'account.updated', id)).toEqual([]);
    });
  });

  describe('getAllAccounts', () => {
    it('pages of 25 by name with a filter, each page continuing where the last ended', async () => {
      const prefix = `Paged ${randomUUID().slice(0, 6)}`;
      const names = Array.from({ length: 30 }, (_, i) => `${prefix} ${String(i).padStart(2, '0')}`);
      const base = Date.now() - names.length * 60_000;
      for (const [i, name] of names.entries()) {
        const { id } = await create(name);
        // Accounts made within one millisecond tie on createdAt (then id decides): a minute apart, creation order is the newest-first order.
        await t.services.db.updateTable('accounts').set({ created_at: new Date(base + i * 60_000).toISOString() }).where('id', '=', id).execute();
      }
      const first = await t.call('getAllAccounts', { limit: 25, name: prefix.toLowerCase(), sortBy: 'name', sortOrder: 'asc' }, operator);
      expect(first.status).toBe(200);
      expectShape(first.result, 'page');
      expect(first.result.accounts.map((a: { name: string }) => a.name)).toEqual(names.slice(0, 25));
      expect(first.result.pagination.hasMore).toBe(true);
      const second = await t.call('getAllAccounts', {
        limit: 25, name: prefix, sortBy: 'name', sortOrder: 'asc', startAfter: first.result.pagination.nextStartAfter,
      }, operator);
      expectShape(second.result, 'page');
      expect(second.result.accounts.map((a: { name: string }) => a.name)).toEqual(names.slice(25));
      expect(second.result.pagination).toEqual({ hasMore: false, nextStartAfter: null });

      const newestFirst = await t.call('getAllAccounts', { limit: 3, name: prefix }, operator);
      expectShape(newestFirst.result, 'page');
      expect(newestFirst.result.accounts.map((a: { name: string }) => a.name)).toEqual(names.slice(-3).reverse());
      const next = await t.call('getAllAccounts', { limit: 3, name: prefix, startAfter: newestFirst.result.pagination.nextStartAfter }, operator);
      expect(next.result.accounts.map((a: { name: string }) => a.name)).toEqual(names.slice(-6, -3).reverse());

      // A page link made for another sort, or forged, is refused rather than starting anywhere.
      invalid(await t.call('getAllAccounts', { limit: 25, name: prefix, sortBy: 'createdAt', startAfter: first.result.pagination.nextStartAfter }, operator), INVALID_ACCOUNTS_CURSOR);
      invalid(await t.call('getAllAccounts', { limit: 25, startAfter: 'not-a-cursor' }, operator), INVALID_ACCOUNTS_CURSOR);
    });

    it('filters by the owner\'s or the billing e-mail', async () => {
      const tag = randomUUID().slice(0, 8);
      const { id } = await create(`Mail Filter ${tag}`, { billingEmail: `accounts-${tag}@billing.example` });
      const byBilling = await t.call('getAllAccounts', { limit: 25, email: `ACCOUNTS-${tag}` }, operator);
      expect(byBilling.result.accounts.map((a: { id: string }) => a.id)).toEqual([id]);
      const byOwner = await t.call('getAllAccounts', { limit: 100, email: customer.email }, operator);
      expect(byOwner.result.accounts.map((a: { id: string }) => a.id)).toContain(id);
      const none = await t.call('getAllAccounts', { limit: 25, email: `nobody-${tag}` }, operator);
      expect(none.result.accounts).toEqual([]);
    });

    it('with no argument answers the plain picker list of id and name, by name', async () => {
      const res = await t.call('getAllAccounts', {}, operator);
      expectShape(res.result, 'all');
      expect(res.result.truncated).toBe(false);
      expect(Object.keys(res.result.accounts[0]).sort()).toEqual(['id', 'name']);
      const names = res.result.accounts.map((a: { name: string }) => a.name);
      expect(names.length).toBe(await accountCount());
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('labels activity by the spec\'s rules: orders of the last 30 days, then domains', async () => {
      const [veryActive, active, established, inactive] = await Promise.all(['Very', 'Busy', 'Settled', 'Idle'].map((n) => create(`Activity ${n} ${randomUUID().slice(0, 4)}`)));
      for (let i = 0; i < 6; i += 1) await order(veryActive.id, 1);
      await order(active.id, 2);
      await order(active.id, 29);
      await order(established.id, 40);
      await order(established.id, 45);
      await order(inactive.id, 31);
      await seedDomain(t.services, established.id);
      const res = await t.call('getAllAccounts', { limit: 10, name: 'Activity ' }, operator);
      const byId = new Map(res.result.accounts.map((a: { id: string }) => [a.id, a]));
      expect(byId.get(veryActive.id)).toMatchObject({ recentOrderCount: 6, activity: 'Very Active' });
      expect(byId.get(active.id)).toMatchObject({ recentOrderCount: 2, activity: 'Active' });
      expect(byId.get(established.id)).toMatchObject({ recentOrderCount: 0, domainCount: 1, activity: 'Established' });
      expect(byId.get(inactive.id)).toMatchObject({ recentOrderCount: 0, domainCount: 0, activity: 'Inactive' });
    });
  });

  describe('searchAccounts', () => {
    it('needs 2 characters, matches name prefixes in any case, and answers at most 10', async () => {
      const prefix = `Zq${randomUUID().slice(0, 4)}`;
      for (let i = 0; i < 12; i += 1) await create(`${prefix} Search ${String(i).padStart(2, '0')}`);
      invalid(await t.call('searchAccounts', { query: ' z ' }, operator), SEARCH_TOO_SHORT);
      const res = await t.call('searchAccounts', { query: prefix.toUpperCase() }, operator);
      expect(res.result.matchedBy).toBe('name');
      expect(res.result.accounts.map((a: { name: string }) => a.name)).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix} Search ${String(i).padStart(2, '0')}`));
      expect(res.result.accounts[0].ownerEmail).toBe(customer.email);
      // A prefix, not a part: the middle of a name does not match.
      expect((await t.call('searchAccounts', { query: 'Search 0' }, operator)).result.accounts).toEqual([]);
    });

    it('tries the exact id at 8 or more characters when no name matched', async () => {
      const { id, name } = await create(`Lookup ${randomUUID().slice(0, 4)}`);
      const res = await t.call('searchAccounts', { query: id }, operator);
      expect(res.result).toEqual({ matchedBy: 'id', accounts: [{ id, name, ownerEmail: customer.email }] });
      expect((await t.call('searchAccounts', { query: id.slice(0, 7) }, operator)).result).toEqual({ matchedBy: 'none', accounts: [] });
      expect((await t.call('searchAccounts', { query: id.slice(0, 12) }, operator)).result).toEqual({ matchedBy: 'none', accounts: [] });
    });
  });

  describe('adminDeleteAccount', () => {
    it('without a transfer deletes the account with its domains and orders, audited with the domain names', async () => {
      const { id } = await create(`Doomed ${randomUUID().slice(0, 4)}`);
      const domain = await seedDomain(t.services, id);
      await order(id, 3);
      const res = await t.call('adminDeleteAccount', { accountId: id, transferDomainsTo: null }, operator);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ success: true, domainsTransferred: 0, domainsDeleted: 1 });
      const db = t.services.db;
      expect(await db.selectFrom('accounts').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await db.selectFrom('domains').select('id').where('name', '=', domain.name).execute()).toEqual([]);
      expect(await db.selectFrom('domain_orders').select('id').where('account_id', '=', id).execute()).toEqual([]);
      const [entry] = await auditEntries(t, 'account.deleted', id);
      expect(entry).toMatchObject({ actorUserId: operator.id, targetType: 'account', after: { domainsDeleted: [domain.name] } });
    });

    it('with a transfer moves the domains to the target account, which then counts them', async () => {
      const source = await create(`Source ${randomUUID().slice(0, 4)}`);
      const target = await create(`Target ${randomUUID().slice(0, 4)}`);
      const domains = [await seedDomain(t.services, source.id), await seedDomain(t.services, source.id)];
      const res = await t.call('adminDeleteAccount', { accountId: source.id, transferDomainsTo: target.id }, operator);
      expect(res.result).toEqual({ success: true, domainsTransferred: 2, domainsDeleted: 0 });
      const held = await t.services.db.selectFrom('domains').select(['name', 'account_id']).where('name', 'in', domains.map((d) => d.name)).execute();
      expect(held.map((d) => d.account_id)).toEqual([target.id, target.id]);
      const detail = await t.call('getAdminAccountDetails', { accountId: target.id }, operator);
      expect(detail.result.account.domainCount).toBe(2);
      expect(detail.result.domains.map((d: { name: string }) => d.name).sort()).toEqual(domains.map((d) => d.name).sort());
      const [entry] = await auditEntries(t, 'account.deleted', source.id);
      expect(entry.after).toMatchObject({ domainsTransferredTo: target.id });
    });

    it('refuses a transfer to itself or to a missing account, and an order in progress, changing nothing', async () => {
      const { id } = await create(`Kept ${randomUUID().slice(0, 4)}`);
      const domain = await seedDomain(t.services, id);
      invalid(await t.call('adminDeleteAccount', { accountId: id, transferDomainsTo: id }, operator), TRANSFER_TO_SELF);
      const missing = await t.call('adminDeleteAccount', { accountId: id, transferDomainsTo: 'no-such-account' }, operator);
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({ message: TRANSFER_TARGET_NOT_FOUND });
      const unknown = await t.call('adminDeleteAccount', { accountId: 'no-such-account' }, operator);
      expect(unknown.error).toMatchObject({ message: ADMIN_ACCOUNT_NOT_FOUND });
      await order(id, 0, 'processing');
      const busy = await t.call('adminDeleteAccount', { accountId: id, transferDomainsTo: null }, operator);
      expect(busy.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: ACCOUNT_HAS_ORDER_IN_PROGRESS });
      expect(await t.services.db.selectFrom('domains').select('account_id').where('name', '=', domain.name).execute()).toEqual([{ account_id: id }]);
      expect(await auditEntries(t, 'account.deleted', id)).toEqual([]);
    });
  });

  describe('getAdminAccountDetails', () => {
    it('lists the account\'s members, domains, orders and tickets; empty lists for what it has none of', async () => {
      const { id } = await create(`Detailed ${randomUUID().slice(0, 4)}`);
      const domain = await seedDomain(t.services, id);
      await order(id, 1);
      const ticket = await t.call('submitTicket', { subject: 'Help', description: 'Please help.', priority: 'low', accountId: id }, customer);
      expect(ticket.status).toBe(200);
      const res = await t.call('getAdminAccountDetails', { accountId: id }, operator);
      expect(res.status).toBe(200);
      expect(res.result.members).toEqual([expect.objectContaining({ userId: customer.id, email: customer.email, role: 'account_owner' })]);
      expect(res.result.domains).toEqual([expect.objectContaining({ name: domain.name })]);
      expect(res.result.orders).toHaveLength(1);
      expect(res.result.tickets).toEqual([expect.objectContaining({ subject: 'Help', priority: 'low' })]);
      expect(res.result.subscriptions).toEqual([]);
      expect(res.result.invoices).toEqual([]);
      const missing = await t.call('getAdminAccountDetails', { accountId: 'no-such-account' }, operator);
      expect(missing.status).toBe(404);
    });
  });
});
