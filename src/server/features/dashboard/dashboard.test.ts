import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithMembers, addMember, createUser, type PermissionCast, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { NO_ACCOUNT_ACCESS } from '../../access/accountAccess.ts';


describeEachDialect('getDashboard', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const submit = (user: TestUser, accountId: string) =>
    t.call('submitTicket', { subject: 'Help', description: 'Please.', priority: 'medium', accountId }, user);

  /** Invoices come from billing (a later issue); here they are rows. */
  const insertInvoice = (accountId: string, invoiceDate: string, amountCents: number, currency?: string) =>
    t.services.db.insertInto('invoices')
      .values({ id: randomUUID(), account_id: accountId, invoice_date: invoiceDate, amount_cents: amountCents, ...(currency ? { currency } : {}) })
      .execute();

  describe('permissions', () => {
    let cast: PermissionCast;
    beforeAll(async () => { cast = await permissionCast(t); });

    // The status per kind of caller is asserted by test/integration/permissionMatrix.test.ts.
    it('members read their own account\'s overview; a refused caller gets the access text and nothing of the account', async () => {
      for (const user of [cast.member, cast.admin, cast.owner]) {
        expect((await t.call('getDashboard', { accountId: cast.accountId }, user)).result.account.id).toBe(cast.accountId);
      }
      for (const user of [cast.outsider, cast.globalAdmin]) {
        expect(await t.call('getDashboard', { accountId: cast.accountId }, user)).toEqual({
          status: 403, result: undefined, error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS },
        });
      }
    });

    it('a plain member of account B never sees account A\'s dashboard', async () => {
      const memberOfB = await createUser(t);
      await addMember(t, cast.otherAccountId, memberOfB, 'member');
      expect((await t.call('getDashboard', { accountId: cast.otherAccountId }, memberOfB)).status).toBe(200);
      const res = await t.call('getDashboard', { accountId: cast.accountId }, memberOfB);
      expect(res).toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS } });
    });

    it('an unknown account is refused like someone else\'s, so ids do not leak', async () => {
      const res = await t.call('getDashboard', { accountId: 'no-such-account' }, cast.owner);
      expect(res.error).toEqual({ status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS });
    });

    it('requires the account id', async () => {
      for (const data of [{}, { accountId: '  ' }]) {
        const res = await t.callRaw('getDashboard', data, cast.owner);
        expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Account ID is required.' });
      }
    });
  });

  it('shows the account as stored', async () => {
    const a = await accountWithMembers(t);
    const res = await t.call('getDashboard', { accountId: a.accountId }, a.member);
    expect(res.result).toEqual({
      account: { id: a.accountId, name: `Account of ${a.owner.name}`, status: 'active' },
      openTicketCount: 0,
      lastInvoice: null,
      pastDueSubscription: null,
    });
  });

  it('counts the account\'s open tickets, from every member, and only those', async () => {
    const a = await accountWithMembers(t);
    const b = await accountWithMembers(t);
    const count = async () => (await t.call('getDashboard', { accountId: a.accountId }, a.owner)).result.openTicketCount;
    expect(await count()).toBe(0);
    await submit(a.member, a.accountId);
    expect(await count()).toBe(1);
    const second = await submit(a.admin, a.accountId);
    await submit(a.owner, a.accountId);
    expect(await count()).toBe(3);
    // Another account's tickets do not count here.
    await submit(b.member, b.accountId);
    expect(await count()).toBe(3);
    expect((await t.call('getDashboard', { accountId: b.accountId }, b.member)).result.openTicketCount).toBe(1);
    // A ticket that is no longer open drops out (status changes come with the back office).
    await t.services.db.updateTable('tickets').set({ status: 'closed' }).where('id', '=', second.result.ticketId).execute();
    expect(await count()).toBe(2);
  });

  it('shows no invoice, then always the one with the latest invoice date', async () => {
    const a = await accountWithMembers(t);
    const b = await accountWithMembers(t);
    const lastInvoice = async () => (await t.call('getDashboard', { accountId: a.accountId }, a.member)).result.lastInvoice;
    expect(await lastInvoice()).toBeNull();

    await insertInvoice(a.accountId, '2024-02-01T00:00:00.000Z', 1999);
    expect(await lastInvoice()).toMatchObject({ amountCents: 1999, currency: 'USD', invoiceDate: '2024-02-01T00:00:00.000Z', status: 'paid' });

    // Inserted out of date order: the date decides, not the insertion.
    await insertInvoice(a.accountId, '2024-04-15T12:30:00.000Z', 4500, 'EUR');
    await insertInvoice(a.accountId, '2024-03-01T00:00:00.000Z', 2500);
    expect(await lastInvoice()).toMatchObject({ amountCents: 4500, currency: 'EUR', invoiceDate: '2024-04-15T12:30:00.000Z', status: 'paid' });

    // A newer invoice of another account never shows on this one.
    await insertInvoice(b.accountId, '2025-01-01T00:00:00.000Z', 99_999);
    expect(await lastInvoice()).toMatchObject({ amountCents: 4500, currency: 'EUR', invoiceDate: '2024-04-15T12:30:00.000Z', status: 'paid' });
    expect((await t.call('getDashboard', { accountId: b.accountId }, b.owner)).result.lastInvoice)
      .toMatchObject({ amountCents: 99_999, currency: 'USD', invoiceDate: '2025-01-01T00:00:00.000Z', status: 'paid' });
  });
});
