import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import {
  DEFAULT_IMPERSONATION_REASON, IMPERSONATION_ACCOUNT_REQUIRED, IMPERSONATION_LIFETIME_MS, IMPERSONATION_REASON_TOO_LONG,
} from '../../../../common/admin/impersonation/texts.ts';
import { NOT_IMPERSONATING } from '../../../access/impersonation.ts';

describeEachDialect('back office: startAccountImpersonation and stopImpersonation', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  /** The operator's own account, active before any impersonation. */
  let ownAccountId: string;
  const operator = () => cast.globalAdmin;
  const audit = (action: string) => t.services.db.selectFrom('audit_log').selectAll().where('action', '=', action)
    .where('target_id', '=', cast.accountId).execute();
  const session = async () => (await t.call('getSessionState', {}, operator())).result;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    ownAccountId = (await t.call('createAccount', { accountName: 'Operator desk' }, operator())).result.account.id;
  });
  afterAll(async () => { await t.stop(); });

  it('refuses bad input with its texts, and an unknown account, starting nothing', async () => {
    expect((await t.callRaw('startAccountImpersonation', {}, operator())).error)
      .toMatchObject({ status: 'INVALID_ARGUMENT', message: IMPERSONATION_ACCOUNT_REQUIRED });
    expect((await t.call('startAccountImpersonation', { accountId: '  ' }, operator())).error)
      .toMatchObject({ status: 'INVALID_ARGUMENT', message: IMPERSONATION_ACCOUNT_REQUIRED });
    expect((await t.call('startAccountImpersonation', { accountId: cast.accountId, reason: 'x'.repeat(501) }, operator())).error)
      .toMatchObject({ status: 'INVALID_ARGUMENT', message: IMPERSONATION_REASON_TOO_LONG });
    expect((await t.call('startAccountImpersonation', { accountId: 'no-such-account' }, operator())).error)
      .toMatchObject({ status: 'NOT_FOUND', message: 'The account could not be found.' });
    expect((await session()).impersonation).toBeNull();
  });

  it('stopping when not impersonating says so', async () => {
    expect((await t.call('stopImpersonation', {}, operator())).error).toMatchObject({ status: 'FAILED_PRECONDITION', message: NOT_IMPERSONATING });
  });

  it('starts with the default reason, writes one audit entry, and the session acts as the account', async () => {
    const res = await t.call('startAccountImpersonation', { accountId: cast.accountId }, operator());
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      accountId: cast.accountId, accountName: expect.any(String), originalAccountId: ownAccountId, reason: DEFAULT_IMPERSONATION_REASON,
    });
    expect(await audit('impersonation.started')).toHaveLength(1);
    expect(await session()).toMatchObject({
      globalRole: 'super_admin', activeAccountId: cast.accountId,
      impersonation: { accountId: cast.accountId, accountName: res.result.accountName, originalAccountId: ownAccountId, reason: DEFAULT_IMPERSONATION_REASON },
    });
    expect((await t.call('getDashboard', { accountId: cast.accountId }, operator())).status).toBe(200);
  });

  it('stops while impersonating: the operator\'s own account and global role are back, audited once', async () => {
    const res = await t.call('stopImpersonation', {}, operator());
    expect(res).toMatchObject({ status: 200, result: { originalAccountId: ownAccountId } });
    const state = await session();
    expect(state).toMatchObject({ globalRole: 'super_admin', activeAccountId: ownAccountId, activeRole: 'account_owner', impersonation: null });
    expect(state.memberships.map((m: { accountId: string }) => m.accountId)).toEqual([ownAccountId]);
    expect(await audit('impersonation.stopped')).toHaveLength(1);
    expect((await t.call('getDashboard', { accountId: cast.accountId }, operator())).status).toBe(403);
    // The back office is still theirs.
    expect((await t.call('getAllAccounts', { limit: 5 }, operator())).status).toBe(200);
  });

  it('keeps a given reason', async () => {
    const res = await t.call('startAccountImpersonation', { accountId: cast.accountId, reason: 'Ticket #42' }, operator());
    expect(res.result.reason).toBe('Ticket #42');
    expect((await session()).impersonation!.reason).toBe('Ticket #42');
    expect((await t.call('stopImpersonation', {}, operator())).status).toBe(200);
  });

  it('ends by itself after one hour: the next request finds the operator back in their own account', async () => {
    expect((await t.call('startAccountImpersonation', { accountId: cast.accountId, reason: 'Long look' }, operator())).status).toBe(200);
    const backdate = (ms: number) => t.services.db.updateTable('impersonations').set({ started_at: new Date(Date.now() - ms).toISOString() })
      .where('operator_user_id', '=', operator().id).where('ended_at', 'is', null).execute();

    await backdate(IMPERSONATION_LIFETIME_MS - 60_000);
    expect((await session()).impersonation).toMatchObject({ accountId: cast.accountId });

    await backdate(IMPERSONATION_LIFETIME_MS + 1_000);
    expect(await session()).toMatchObject({ globalRole: 'super_admin', activeAccountId: ownAccountId, impersonation: null });
    expect((await t.call('getDashboard', { accountId: cast.accountId }, operator())).status).toBe(403);
    const open = await t.services.db.selectFrom('impersonations').select('id')
      .where('operator_user_id', '=', operator().id).where('ended_at', 'is', null).execute();
    expect(open).toEqual([]);
    expect(await audit('impersonation.expired')).toMatchObject([{ actor_user_id: null, acting_as_account_id: cast.accountId, reason: 'Long look' }]);
    expect((await t.call('stopImpersonation', {}, operator())).error).toMatchObject({ message: NOT_IMPERSONATING });
  });

  it('is refused to the account\'s own owner', async () => {
    expect((await t.call('startAccountImpersonation', { accountId: cast.accountId }, cast.owner)).status).toBe(403);
    expect((await t.call('stopImpersonation', {}, cast.owner)).status).toBe(403);
  });
});
