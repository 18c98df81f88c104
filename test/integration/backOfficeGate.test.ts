import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { createHold } from '../support/holds.ts';
import { backOfficeTestHandlers, handlerRuns, outsideSystem } from '../support/samples/backOfficeFunctions.ts';
import { type PermissionCast, permissionCast } from '../support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../support/testApp.ts';

describeEachDialect('back-office functions: the gate and the audit rule', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  const errorLog: string[] = [];
  const accountName = async (id: string) =>
    (await t.services.db.selectFrom('accounts').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
  const auditRows = (targetId: string) => t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, { handlers: backOfficeTestHandlers, errorLog });
    cast = await permissionCast(t);
  });
  beforeEach(() => {
    handlerRuns.count = 0;
    handlerRuns.rename = 0;
    handlerRuns.renameUnaudited = 0;
  });
  afterAll(async () => { await t.stop(); });

  it('refuses everyone but global super admins before the handler runs: 401 signed out, 403 for owners, admins, members and outsiders', async () => {
    const before = await accountName(cast.accountId);
    for (const fn of ['testBackOfficeCountAccounts', 'testBackOfficeRenameAccount', 'testBackOfficeRenameUnaudited']) {
      const input = { accountId: cast.accountId, name: 'Taken over' };
      expect((await t.callRaw(fn, input, null)).status).toBe(401);
      for (const user of [cast.member, cast.admin, cast.owner, cast.outsider]) {
        const res = await t.callRaw(fn, input, user);
        expect(res.status, `${fn} as ${user.email}`).toBe(403);
        expect(res.error?.status).toBe('PERMISSION_DENIED');
      }
    }
    expect(handlerRuns).toEqual({ count: 0, rename: 0, renameUnaudited: 0 });
    expect(await accountName(cast.accountId)).toBe(before);
    expect(await auditRows(cast.accountId)).toEqual([]);
  });

  it('a global super admin reads through the back office', async () => {
    const res = await t.callRaw<{ accounts: number }>('testBackOfficeCountAccounts', {}, cast.globalAdmin);
    expect(res.status).toBe(200);
    expect(res.result.accounts).toBeGreaterThanOrEqual(2);
    expect(handlerRuns.count).toBe(1);
  });

  it('an audited back-office write commits with its audit entry: who, what, target, reason, before and after', async () => {
    const before = await accountName(cast.otherAccountId);
    const res = await t.callRaw('testBackOfficeRenameAccount', { accountId: cast.otherAccountId, name: 'Renamed by support', reason: 'Customer asked by phone' }, cast.globalAdmin);
    expect(res.status).toBe(200);
    expect(await accountName(cast.otherAccountId)).toBe('Renamed by support');
    const [entry] = await auditRows(cast.otherAccountId);
    expect(entry).toMatchObject({
      actor_user_id: cast.globalAdmin.id, actor_email: cast.globalAdmin.email, acting_as_account_id: null,
      action: 'account.renamed', target_type: 'account', target_id: cast.otherAccountId, reason: 'Customer asked by phone',
    });
    expect(JSON.parse(entry.before_state!)).toEqual({ name: before });
    expect(JSON.parse(entry.after_state!)).toEqual({ name: 'Renamed by support' });
    expect(entry.request_id).toEqual(expect.any(String));
  });

  it('a back-office write that records no audit entry is rolled back, logged, and answers 500 with a request id', async () => {
    const before = await accountName(cast.accountId);
    const res = await t.callRaw('testBackOfficeRenameUnaudited', { accountId: cast.accountId, name: 'Silently renamed' }, cast.globalAdmin);
    expect(handlerRuns.renameUnaudited).toBe(1);
    expect(res.status).toBe(500);
    expect(res.error).toEqual({ status: 'INTERNAL', message: expect.stringMatching(/^Internal error \(request id [0-9a-f-]{36}\)\.$/) });
    expect(await accountName(cast.accountId)).toBe(before);
    expect(await auditRows(cast.accountId)).toEqual([]);
    const requestId = /request id ([0-9a-f-]{36})/.exec(res.error!.message)![1];
    const logged = errorLog.map((line) => JSON.parse(line)).find((entry) => entry.reqId === requestId);
    expect(logged?.err?.message).toContain('testBackOfficeRenameUnaudited recorded no audit entry');
  });

  it('a write with an outside call holds no transaction while the outside system answers, then commits its audited unit', async () => {
    outsideSystem.hold = createHold(10_000);
    const write = t.callRaw('testBackOfficeRenameAfterCall', { accountId: cast.otherAccountId, name: 'Renamed after the call', reason: 'Asked' }, cast.globalAdmin);
    await outsideSystem.hold.arrived;
    // Another write commits meanwhile: on SQLite it would wait for the one connection an open transaction holds.
    const name = await accountName(cast.accountId);
    await inTransaction(t.services.db, (tx) => tx.db.updateTable('accounts').set({ name }).where('id', '=', cast.accountId).execute());
    expect(outsideSystem.hold.released).toBe(false);
    outsideSystem.hold.release();
    expect((await write).status).toBe(200);
    expect(await accountName(cast.otherAccountId)).toBe('Renamed after the call');
    expect((await auditRows(cast.otherAccountId)).map((row) => row.action)).toContain('account.renamed_after_call');
  });

  it('a write with an outside call whose unit records no audit entry is rolled back, and one that commits no unit fails too: 500, logged', async () => {
    outsideSystem.hold = createHold();
    outsideSystem.hold.release();
    const before = await accountName(cast.accountId);
    for (const recordNothing of [false, true]) {
      const res = await t.callRaw('testBackOfficeRenameAfterCallUnaudited', { accountId: cast.accountId, name: 'Silently renamed', recordNothing }, cast.globalAdmin);
      expect(res.status).toBe(500);
      const requestId = /request id ([0-9a-f-]{36})/.exec(res.error!.message)![1];
      const logged = errorLog.map((line) => JSON.parse(line)).find((entry) => entry.reqId === requestId);
      expect(logged?.err?.message).toContain('testBackOfficeRenameAfterCallUnaudited recorded no audit entry');
    }
    expect(await accountName(cast.accountId)).toBe(before);
    expect(await auditRows(cast.accountId)).toEqual([]);
  });
});
