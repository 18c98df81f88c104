import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';

describeEachDialect('accounts and session state', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  it('a new user has no account, creates one, and it becomes active as owner', async () => {
    const user = await createUser(t);
    const before = await t.call('getSessionState', {}, user);
    expect(before.result).toMatchObject({ memberships: [], activeAccountId: null, activeRole: null, globalRole: 'user' });
    const created = await t.call('createAccount', { accountName: '  Acme  ' }, user);
    expect(created.result.account).toMatchObject({ name: 'Acme', status: 'active', role: 'account_owner' });
    const after = await t.call('getSessionState', {}, user);
    expect(after.result.activeAccountId).toBe(created.result.account.id);
    expect(after.result.activeRole).toBe('account_owner');
  });

  it('rejects a blank account name with the spec text', async () => {
    const user = await createUser(t);
    const res = await t.call('createAccount', { accountName: '   ' }, user);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Account name is required and you must be logged in.' });
  });

  it('signed out callers get UNAUTHENTICATED', async () => {
    const res = await t.call('createAccount', { accountName: 'X' }, null);
    expect(res.status).toBe(401);
    expect(res.error?.message).toBe('Account name is required and you must be logged in.');
  });
});
