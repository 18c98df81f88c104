import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, type PermissionCast, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';

describeEachDialect('accounts and session: permission matrix', (dialect) => {
  let t: TestApp;
  let c: PermissionCast;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    c = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  it('getAccount: members see the account with their role and abilities', async () => {
    const expectations = [
      [c.owner, 'account_owner', true],
      [c.admin, 'super_admin', true],
      [c.member, 'member', false],
    ] as const;
    for (const [user, role, manages] of expectations) {
      const res = await t.call('getAccount', { accountId: c.accountId }, user);
      expect(res.status).toBe(200);
      expect(res.result).toMatchObject({ id: c.accountId, role, abilities: { manageSettings: manages, manageMembers: manages, manageBilling: manages } });
    }
  });

  it('getAccount: signed out 401; outsider and non-member global super admin 403 with nothing of the account', async () => {
    expect((await t.call('getAccount', { accountId: c.accountId }, null)).status).toBe(401);
    for (const user of [c.outsider, c.globalAdmin]) {
      const res = await t.call('getAccount', { accountId: c.accountId }, user);
      expect(res.status).toBe(403);
      expect(res.error?.status).toBe('PERMISSION_DENIED');
      expect(JSON.stringify(res)).not.toContain(c.owner.name);
    }
  });

  it('an unknown account id is refused like another account (no existence leak)', async () => {
    const res = await t.call('getAccount', { accountId: 'no-such-account' }, c.owner);
    expect(res.status).toBe(403);
  });

  it('setActiveAccount: only into an account one belongs to; the choice survives a new session state read', async () => {
    const denied = await t.call('setActiveAccount', { accountId: c.accountId }, c.outsider);
    expect(denied.status).toBe(403);
    const stillOwn = await t.call('getSessionState', {}, c.outsider);
    expect(stillOwn.result.activeAccountId).toBe(c.otherAccountId);

    const second = await t.call('createAccount', { accountName: 'Member side business' }, c.member);
    expect((await t.call('getSessionState', {}, c.member)).result.activeAccountId).toBe(second.result.account.id);
    const switched = await t.call('setActiveAccount', { accountId: c.accountId }, c.member);
    expect(switched.status).toBe(200);
    expect(switched.result).toMatchObject({ activeAccountId: c.accountId, activeRole: 'member' });
    expect((await t.call('getSessionState', {}, c.member)).result.activeAccountId).toBe(c.accountId);
  });

  it('listMyAccounts and getSessionState list only the caller\'s own memberships', async () => {
    const mine = await t.call('listMyAccounts', {}, c.outsider);
    expect(mine.result.accounts.map((a: { id: string }) => a.id)).toEqual([c.otherAccountId]);
    const admin = await t.call('getSessionState', {}, c.globalAdmin);
    expect(admin.result).toMatchObject({ globalRole: 'super_admin', memberships: [], activeAccountId: null });
    for (const fn of ['listMyAccounts', 'getSessionState', 'setActiveAccount', 'createAccount']) {
      expect((await t.callRaw(fn, {}, null)).status).toBe(401);
    }
  });

  it('a signed-out session token no longer works', async () => {
    const user = await createUser(t);
    expect((await t.call('getSessionState', {}, user)).status).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { authorization: `Bearer ${user.token}`, origin: 'http://localhost:3000' }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await t.call('getSessionState', {}, user)).status).toBe(401);
  });
});
