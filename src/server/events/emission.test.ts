import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPERSONATION_LIFETIME_MS } from '../../common/admin/impersonation/texts.ts';
import { ManualClock } from '../../../test/support/clock.ts';
import type { FnInput, FunctionName } from '../../common/contracts/index.ts';

import { createUser, type PermissionCast, permissionCast } from '../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../test/support/testApp.ts';
import { eventCatalogue, type EventType } from './catalogue.ts';

/**
 * Each act the issue lists records its event through the real function, with exactly the payload
 * fields the catalogue documents, and an act that is refused records none (the event shares the
 * change's unit of work).
 */
describeEachDialect('platform events: what each act records', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let cast: PermissionCast;
  const operator = () => cast.globalAdmin;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(dialect, { clock });
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  async function eventsSince(type: EventType, since: string) {
    const rows = await t.services.db.selectFrom('platform_events').selectAll()
      .where('event_type', '=', type).where('created_at', '>=', since).orderBy('created_at').execute();
    return rows.map((r) => ({ accountId: r.account_id, actorUserId: r.actor_user_id, payload: JSON.parse(r.payload) as Record<string, unknown> }));
  }

  const ok = async <N extends FunctionName>(name: N, input: FnInput<N>, as: TestUser) => {
    const res = await t.call(name, input, as);
    expect(res.status, `${name}: ${JSON.stringify(res.error)}`).toBe(200);
    return res.result;
  };

  /** An account of a fresh owner, for acts that use one up. */
  async function freshAccount() {
    const owner = await createUser(t);
    const created = await ok('createAccount', { accountName: `Emission ${owner.name}` }, owner);
    return { owner, accountId: created.account.id as string };
  }

  interface Case {
    type: EventType;
    /** Does the act; answers what the event must say (besides the documented fields). */
    act(): Promise<{ accountId?: string | null; actorUserId?: string | null; payload?: Record<string, unknown> }>;
  }

  const cases: Record<string, Case> = {
    'a person signs up': {
      type: 'user.signed_up',
      act: async () => {
        const user = await t.signUp();
        return { actorUserId: user.id, payload: { userId: user.id, email: user.email, emailVerified: false } };
      },
    },
    'an operator changes a global role': {
      type: 'admin.user.global_role_changed',
      act: async () => {
        const user = await createUser(t);
        await ok('updateUserGlobalRole', { targetUserId: user.id, newGlobalRole: 'super_admin' }, operator());
        return { accountId: null, actorUserId: operator().id, payload: { userId: user.id, from: 'user', to: 'super_admin' } };
      },
    },
    'an operator disables a user': {
      type: 'admin.user.disabled',
      act: async () => {
        const user = await createUser(t);
        await ok('setUserDisabled', { userId: user.id, disabled: true, reason: 'Abuse report 9' }, operator());
        return { actorUserId: operator().id, payload: { userId: user.id, reason: 'Abuse report 9', sessionsEnded: 1 } };
      },
    },
    'an operator enables a user again': {
      type: 'admin.user.enabled',
      act: async () => {
        const user = await createUser(t);
        await ok('setUserDisabled', { userId: user.id, disabled: true, reason: 'Check' }, operator());
        await ok('setUserDisabled', { userId: user.id, disabled: false, reason: 'Cleared' }, operator());
        return { actorUserId: operator().id, payload: { userId: user.id, reason: 'Cleared', sessionsEnded: 0 } };
      },
    },
    'an operator creates an account': {
      type: 'user.account.created',
      act: async () => {
        const res = await ok('adminCreateAccount', { accountName: 'Made in the back office', ownerEmail: (await createUser(t)).email }, operator());
        return { accountId: res.account.id, actorUserId: operator().id, payload: { accountId: res.account.id, name: 'Made in the back office' } };
      },
    },
    'an operator deletes an account': {
      type: 'user.account.deleted',
      act: async () => {
        const { accountId } = await freshAccount();
        await ok('adminDeleteAccount', { accountId, transferDomainsTo: null }, operator());
        return { accountId, actorUserId: operator().id, payload: { accountId, domainsTransferredTo: null, domains: [] } };
      },
    },
    'an invited user joins an account': {
      type: 'user.member.joined',
      act: async () => {
        const invitee = await createUser(t);
        const sent = await ok('sendInvitation', { accountId: cast.accountId, inviteeEmail: invitee.email, role: 'member' }, cast.owner);
        await ok('acceptInvitation', { invitationId: sent.invitationId }, invitee);
        return { accountId: cast.accountId, actorUserId: invitee.id, payload: { userId: invitee.id, role: 'member', invitationId: sent.invitationId } };
      },
    },
    'support answers a ticket': {
      type: 'support.ticket.answered',
      act: async () => {
        const ticket = await ok('submitTicket', { subject: 'Emission', description: 'Please help.', priority: 'low', accountId: cast.accountId }, cast.member);
        const res = await ok('replyToTicketAsStaff', { ticketId: ticket.ticketId, body: 'Done.' }, operator());
        return { accountId: cast.accountId, actorUserId: operator().id, payload: { ticketId: ticket.ticketId, replyId: res.reply.id, subject: 'Emission', status: 'answered' } };
      },
    },
    'an operator starts impersonating': {
      type: 'admin.impersonation.started',
      act: async () => {
        await ok('startAccountImpersonation', { accountId: cast.accountId, reason: 'Ticket 12' }, operator());
        await ok('stopImpersonation', {}, operator());
        return { accountId: cast.accountId, actorUserId: operator().id, payload: { operatorUserId: operator().id, accountId: cast.accountId, reason: 'Ticket 12', previousAccountId: null } };
      },
    },
    'an operator stops impersonating': {
      type: 'admin.impersonation.ended',
      act: async () => {
        await ok('startAccountImpersonation', { accountId: cast.accountId, reason: 'Ticket 13' }, operator());
        await ok('stopImpersonation', {}, operator());
        return { accountId: cast.accountId, actorUserId: operator().id, payload: { operatorUserId: operator().id, reason: 'Ticket 13', endedBy: 'operator' } };
      },
    },
    'an impersonation outlives its hour': {
      type: 'admin.impersonation.ended',
      act: async () => {
        await ok('startAccountImpersonation', { accountId: cast.accountId, reason: 'Long look' }, operator());
        clock.advance(IMPERSONATION_LIFETIME_MS + 1000);
        await ok('getSessionState', {}, operator());
        return { accountId: cast.accountId, actorUserId: null, payload: { operatorUserId: operator().id, reason: 'Long look', endedBy: 'expired' } };
      },
    },
  };

  it.each(Object.entries(cases))('%s: records its event with the documented payload fields', async (_name, c) => {
    // A millisecond apart from the previous case's events, which carry timestamps of their own.
    clock.advance(2);
    const since = clock.nowIso();
    const expected = await c.act();
    const events = await eventsSince(c.type, since);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(Object.keys(event.payload).sort()).toEqual(Object.keys(eventCatalogue[c.type].payload).sort());
    expect(event.payload).toMatchObject(expected.payload ?? {});
    if (expected.accountId !== undefined) expect(event.accountId).toBe(expected.accountId);
    if (expected.actorUserId !== undefined) expect(event.actorUserId).toBe(expected.actorUserId);
  });

  it('records nothing for an act that is refused, and nothing for a change that changes nothing', async () => {
    const since = clock.nowIso();
    // The caller's own role and the caller's own account cannot be changed or disabled.
    expect((await t.call('updateUserGlobalRole', { targetUserId: operator().id, newGlobalRole: 'user' }, operator())).status).toBe(400);
    expect((await t.call('setUserDisabled', { userId: operator().id, disabled: true, reason: 'Self' }, operator())).status).toBe(400);
    // Already a plain user; already enabled.
    const user = await createUser(t);
    await ok('updateUserGlobalRole', { targetUserId: user.id, newGlobalRole: 'user' }, operator());
    await ok('setUserDisabled', { userId: user.id, disabled: false, reason: 'No-op' }, operator());
    for (const type of ['admin.user.global_role_changed', 'admin.user.disabled', 'admin.user.enabled'] as const) {
      expect(await eventsSince(type, since), type).toEqual([]);
    }
  });
});
