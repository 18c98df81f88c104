import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveTopics, livePath } from '../../common/live.ts';
import { accountWithMembers, createAccount, createUser, makeGlobalSuperAdmin } from '../../../test/support/factories.ts';
import { openLiveStream } from '../../../test/support/sseClient.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../test/support/testApp.ts';

/**
 * Issue 21: demoting or disabling an operator who is impersonating ends the impersonation, with
 * an audit entry naming who did it. Before, it only paused (the caller ignored it while the role
 * was gone) and came back with re-promotion.
 */
describeEachDialect('an impersonating operator who is demoted or disabled', (dialect) => {
  let t: TestApp;
  let boss: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    boss = await createUser(t);
    await makeGlobalSuperAdmin(t, boss);
  });
  afterAll(async () => { await t.stop(); });

  async function impersonatingOperator(accountId: string) {
    const operator = await createUser(t);
    await makeGlobalSuperAdmin(t, operator);
    const ownAccountId = await createAccount(t, operator, 'Operator\'s own');
    const started = await t.call('startAccountImpersonation', { accountId, reason: 'Ticket #7' }, operator);
    expect(started.status).toBe(200);
    expect((await t.call('getSessionState', {}, operator)).result.impersonation?.accountId).toBe(accountId);
    return { operator, ownAccountId };
  }

  const revokedAudit = (operatorId: string) => t.services.db.selectFrom('audit_log').selectAll()
    .where('action', '=', 'impersonation.revoked').where('before_state', 'like', `%${operatorId}%`).execute();
  const openImpersonations = (operatorId: string) => t.services.db.selectFrom('impersonations').select('id')
    .where('operator_user_id', '=', operatorId).where('ended_at', 'is', null).execute();

  it('demotion ends it with an audit row; re-promotion does not bring it back', async () => {
    const a = await accountWithMembers(t);
    const { operator, ownAccountId } = await impersonatingOperator(a.accountId);

    expect((await t.call('updateUserGlobalRole', { targetUserId: operator.id, newGlobalRole: 'user' }, boss)).status).toBe(200);
    expect(await openImpersonations(operator.id)).toEqual([]);
    const [entry, ...more] = await revokedAudit(operator.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_user_id: boss.id, target_type: 'account', target_id: a.accountId, reason: 'Ticket #7' });
    expect(afterOf(entry)).toMatchObject({ actingAsAccountId: null, activeAccountId: ownAccountId, cause: 'demoted' });
    const events = await t.services.db.selectFrom('platform_events').select(['payload']).where('event_type', '=', 'admin.impersonation.ended')
      .where('account_id', '=', a.accountId).execute();
    expect(events.map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload))).toEqual([
      expect.objectContaining({ operatorUserId: operator.id, endedBy: 'revoked' }),
    ]);

    expect((await t.call('updateUserGlobalRole', { targetUserId: operator.id, newGlobalRole: 'super_admin' }, boss)).status).toBe(200);
    const state = (await t.call('getSessionState', {}, operator)).result;
    expect(state.impersonation).toBeNull();
    expect(state.activeAccountId).toBe(ownAccountId);
    expect((await t.call('getDashboard', { accountId: a.accountId }, operator)).status).toBe(403);
  });

  it('the demoted operator\'s stream on the impersonated account closes at once', async () => {
    const a = await accountWithMembers(t);
    const ticketId = (await t.call('submitTicket', { subject: 'S', description: 'd', priority: 'low', accountId: a.accountId }, a.member)).result.ticketId;
    const { operator } = await impersonatingOperator(a.accountId);
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openLiveStream(baseUrl, livePath(liveTopics.ticket(ticketId)), { token: operator.token });
    expect(stream.status).toBe(200);
    expect((await t.call('updateUserGlobalRole', { targetUserId: operator.id, newGlobalRole: 'user' }, boss)).status).toBe(200);
    await stream.ended;
  });

  it('disabling ends it with an audit row too', async () => {
    const a = await accountWithMembers(t);
    const { operator } = await impersonatingOperator(a.accountId);

    expect((await t.call('setUserDisabled', { userId: operator.id, disabled: true, reason: 'Left the company' }, boss)).status).toBe(200);
    expect(await openImpersonations(operator.id)).toEqual([]);
    const [entry] = await revokedAudit(operator.id);
    expect(entry).toMatchObject({ actor_user_id: boss.id, target_id: a.accountId });
    expect(afterOf(entry)).toMatchObject({ cause: 'disabled' });
    expect(await openImpersonations(operator.id)).toEqual([]);
  });

  it('a promotion or a change to another operator ends nothing', async () => {
    const a = await accountWithMembers(t);
    const { operator } = await impersonatingOperator(a.accountId);
    const bystander = await createUser(t);
    expect((await t.call('updateUserGlobalRole', { targetUserId: bystander.id, newGlobalRole: 'super_admin' }, boss)).status).toBe(200);
    expect((await t.call('updateUserGlobalRole', { targetUserId: operator.id, newGlobalRole: 'super_admin' }, boss)).status).toBe(200);
    expect(await openImpersonations(operator.id)).toHaveLength(1);
    expect(await revokedAudit(operator.id)).toEqual([]);
  });
});

const afterOf = (entry: { after_state: unknown }) => (typeof entry.after_state === 'string' ? JSON.parse(entry.after_state) : entry.after_state);
