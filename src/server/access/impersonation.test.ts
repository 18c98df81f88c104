import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PermissionCast, permissionCast } from '../../../test/support/factories.ts';
import { sampleInputs } from '../../../test/support/samples/sampleInputs.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestUser } from '../../../test/support/testApp.ts';
import { resolveCaller } from '../auth/caller.ts';
import type { Caller } from '../rpc/context.ts';
import { DEFAULT_IMPERSONATION_REASON, NOT_IMPERSONATING, startImpersonation, stopImpersonation } from './impersonation.ts';

describeEachDialect('impersonation: a global super admin acting as an account', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  /** The operator's own account, active before impersonation starts. */
  let ownAccountId: string;
  /** A ticket the operator opened in their own account before acting as another. */
  let ownTicketId: string;
  const operator = () => cast.globalAdmin;
  const callerOf = async (user: TestUser): Promise<Caller> => (await resolveCaller(t.services, user.token))!;
  const audit = (action: string) => t.services.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    ownAccountId = (await t.call('createAccount', { accountName: 'Operator\'s own' }, operator())).result.account.id;
    ownTicketId = (await t.call('submitTicket', { subject: 'Mine', description: 'Own.', priority: 'low', accountId: ownAccountId }, operator())).result.ticketId;
  });
  afterAll(async () => { await t.stop(); });

  it('only a global super admin may start, only on an existing account', async () => {
    for (const user of [cast.owner, cast.admin, cast.outsider]) {
      await expect(startImpersonation(t.services, await callerOf(user), cast.accountId)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    await expect(startImpersonation(t.services, await callerOf(operator()), 'no-such-account')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await callerOf(operator())).actingAs).toBeNull();
    expect(await audit('impersonation.started')).toEqual([]);
  });

  it('starting ties the impersonation to the session, with the default reason, and audits it', async () => {
    const started = await startImpersonation(t.services, await callerOf(operator()), cast.accountId, '  ');
    expect(started).toMatchObject({ accountId: cast.accountId, originalAccountId: ownAccountId, reason: DEFAULT_IMPERSONATION_REASON });

    const caller = await callerOf(operator());
    expect(caller.actingAs).toEqual({
      accountId: cast.accountId, operatorUserId: operator().id, operatorEmail: operator().email,
      reason: DEFAULT_IMPERSONATION_REASON, startedAt: started.startedAt, originalAccountId: ownAccountId,
    });
    const [entry] = await audit('impersonation.started');
    expect(entry).toMatchObject({
      actor_user_id: operator().id, actor_email: operator().email, acting_as_account_id: cast.accountId,
      target_type: 'account', target_id: cast.accountId, reason: DEFAULT_IMPERSONATION_REASON,
    });
  });

  it('getSessionState reports the impersonation; the session acts as that account only, as its admin', async () => {
    const state = (await t.call('getSessionState', {}, operator())).result;
    expect(state).toMatchObject({
      activeAccountId: cast.accountId, activeRole: 'super_admin',
      activeAbilities: { manageSettings: true, manageMembers: true, manageBilling: true },
      impersonation: {
        accountId: cast.accountId, originalAccountId: ownAccountId, operatorUserId: operator().id,
        operatorEmail: operator().email, reason: DEFAULT_IMPERSONATION_REASON,
      },
    });
    expect(state.memberships.map((m: { accountId: string }) => m.accountId)).toEqual([cast.accountId]);
  });

  it('customer functions work in the impersonated account and nowhere else, the operator\'s own account included', async () => {
    for (const fn of ['getDashboard', 'getAccount', 'listAccountMembers'] as const) {
      expect((await t.call(fn, { accountId: cast.accountId }, operator())).status, fn).toBe(200);
      expect((await t.call(fn, { accountId: cast.otherAccountId }, operator())).status, fn).toBe(403);
      expect((await t.call(fn, { accountId: ownAccountId }, operator())).status, fn).toBe(403);
    }
    // Another session of the same operator is not impersonating.
    const second = await signInAgain(t, operator());
    expect((await t.call('getDashboard', { accountId: cast.accountId }, second)).status).toBe(403);
    expect((await t.call('getDashboard', { accountId: ownAccountId }, second)).status).toBe(200);
  });

  // Who joins or owns the account is the customer's decision: refused to an impersonating operator (features/invitations/impersonationGuards.test.ts).
  const REFUSED_WHILE_IMPERSONATING = ['sendInvitation', 'acceptInvitation', 'transferAccountOwnership'];

  it('every customer write the operator makes while impersonating is audited in its transaction: actor the operator, acting as the account', async () => {
    const writes = t.handlers.filter((h) => h.contract.kind === 'write' && h.contract.access === 'user' && !REFUSED_WHILE_IMPERSONATING.includes(h.contract.name));
    expect(writes.length).toBeGreaterThan(5);
    for (const { contract } of writes) {
      const countBefore = (await t.services.db.selectFrom('audit_log').select('id').where('actor_user_id', '=', operator().id).execute()).length;
      const input = await sampleInputs[contract.name]({ t, cast, as: operator() });
      const res = await t.callRaw(contract.name, input, operator());
      expect(res.status, `${contract.name}: ${JSON.stringify(res.error)}`).toBe(200);
      const entries = await t.services.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', operator().id)
        .orderBy('created_at').execute();
      // One entry per change: a bulk write (verifyManagedDomainsBulk) leaves one for each domain it changed.
      expect(entries.length, `${contract.name} left no audit entry`).toBeGreaterThan(countBefore);
      for (const entry of entries.slice(countBefore)) {
        expect(entry, contract.name).toMatchObject({
          actor_email: operator().email, acting_as_account_id: cast.accountId, reason: DEFAULT_IMPERSONATION_REASON,
        });
      }
    }
  });

  it('while impersonating, the ticket list and ticket reads stay inside the account acted as', async () => {
    const listed = (await t.call('listMyTickets', {}, operator())).result.tickets;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((x: { accountId: string }) => x.accountId === cast.accountId)).toBe(true);
    expect((await t.call('getTicket', { ticketId: ownTicketId }, operator())).status).toBe(404);
  });

  it('the platform events of an impersonated write name the operator and the account acted as', async () => {
    const opened = await t.call('submitTicket', { subject: 'On behalf', description: 'Opened by support.', priority: 'low', accountId: cast.accountId }, operator());
    expect(opened.status).toBe(200);
    const events = await t.services.db.selectFrom('platform_events').select(['actor_user_id', 'acting_as_account_id', 'payload'])
      .where('event_type', '=', 'support.ticket.created').execute();
    const event = events.find((e) => JSON.parse(e.payload).ticketId === opened.result.ticketId);
    expect(event).toMatchObject({ actor_user_id: operator().id, acting_as_account_id: cast.accountId });
  });

  it('an ordinary customer\'s writes leave no audit entry', async () => {
    const res = await t.callRaw('submitTicket', await sampleInputs.submitTicket({ t, cast, as: cast.member }), cast.member);
    expect(res.status).toBe(200);
    expect(await t.services.db.selectFrom('audit_log').selectAll().where('actor_user_id', '=', cast.member.id).execute()).toEqual([]);
  });

  it('stopping restores the original account, audits it, and the account is out of reach again', async () => {
    const stopped = await stopImpersonation(t.services, await callerOf(operator()));
    expect(stopped).toEqual({ originalAccountId: ownAccountId });
    expect((await callerOf(operator())).actingAs).toBeNull();
    const state = (await t.call('getSessionState', {}, operator())).result;
    expect(state).toMatchObject({ activeAccountId: ownAccountId, activeRole: 'account_owner', impersonation: null });
    expect((await t.call('getDashboard', { accountId: cast.accountId }, operator())).status).toBe(403);
    expect((await t.call('listMyTickets', {}, operator())).result.tickets.map((x: { id: string }) => x.id)).toContain(ownTicketId);
    const [entry] = await audit('impersonation.stopped');
    expect(entry).toMatchObject({ actor_user_id: operator().id, acting_as_account_id: cast.accountId, target_id: cast.accountId });
    await expect(stopImpersonation(t.services, await callerOf(operator()))).rejects.toMatchObject({ code: 'FAILED_PRECONDITION', message: NOT_IMPERSONATING });
  });

  it('switching accounts keeps the account to go back to; a demoted operator acts as no one', async () => {
    await startImpersonation(t.services, await callerOf(operator()), cast.accountId, 'Ticket #42');
    const switched = await startImpersonation(t.services, await callerOf(operator()), cast.otherAccountId, 'Billing question');
    expect(switched).toMatchObject({ accountId: cast.otherAccountId, originalAccountId: ownAccountId, reason: 'Billing question' });
    expect((await callerOf(operator())).actingAs?.accountId).toBe(cast.otherAccountId);

    await t.services.db.updateTable('users').set({ role: 'user' }).where('id', '=', operator().id).execute();
    expect((await callerOf(operator())).actingAs).toBeNull();
    expect((await t.call('getDashboard', { accountId: cast.otherAccountId }, operator())).status).toBe(403);
    await t.services.db.updateTable('users').set({ role: 'super_admin' }).where('id', '=', operator().id).execute();
    expect((await stopImpersonation(t.services, await callerOf(operator()))).originalAccountId).toBe(ownAccountId);
  });
});

async function signInAgain(t: TestApp, user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    payload: { email: user.email, password: 'correct horse battery' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed ${res.statusCode}: ${res.body}`);
  return { ...user, token: res.json().token };
}
