import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type PermissionCast, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { NO_ACCOUNT_ACCESS } from '../../access/accountAccess.ts';
import { TICKET_NOT_FOUND } from './policy.ts';

type Who = 'signedOut' | 'member' | 'admin' | 'owner' | 'outsider' | 'globalAdmin';
const everyone: Who[] = ['signedOut', 'member', 'admin', 'owner', 'outsider', 'globalAdmin'];

describeEachDialect('ticket permissions', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  /** A second plain member of the same account: a co-member of the ticket's author. */
  let coMember: TestUser;
  /** A plain member of the other account (account B). */
  let memberOfB: TestUser;
  /** A ticket the plain member opened in account A. */
  let ticketId: string;

  const as = (who: Who): TestUser | null => (who === 'signedOut' ? null : cast[who]);
  const ticket = (accountId: string) => ({ subject: 'Help', description: 'Please.', priority: 'medium' as const, accountId });
  const replyCount = async (id: string) =>
    (await t.services.db.selectFrom('ticket_replies').select('id').where('ticket_id', '=', id).execute()).length;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    [coMember, memberOfB] = await Promise.all([createUser(t), createUser(t)]);
    await addMember(t, cast.accountId, coMember, 'member');
    await addMember(t, cast.otherAccountId, memberOfB, 'member');
    ticketId = (await t.call('submitTicket', ticket(cast.accountId), cast.member)).result.ticketId;
  });
  afterAll(async () => { await t.stop(); });

  // The status per kind of caller for every ticket function is asserted by test/integration/permissionMatrix.test.ts.
  describe('submitTicket into account A', () => {
    it('outsiders are refused with the access text and nothing is stored', async () => {
      for (const who of ['outsider', 'globalAdmin'] as const) {
        const res = await t.call('submitTicket', { ...ticket(cast.accountId), subject: `From ${who}` }, as(who));
        expect(res.error).toMatchObject({ status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS });
      }
      const stored = await t.services.db.selectFrom('tickets').select('id').where('account_id', '=', cast.accountId)
        .where('user_id', 'in', [cast.outsider.id, cast.globalAdmin.id]).execute();
      expect(stored).toEqual([]);
    });

    it('an unknown account is refused like someone else\'s', async () => {
      const res = await t.call('submitTicket', ticket('no-such-account'), cast.member);
      expect(res.error).toMatchObject({ status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS });
    });
  });

  describe('listMyTickets', () => {
    it('signedOut: 401', async () => {
      expect((await t.call('listMyTickets', {}, null)).status).toBe(401);
    });

    for (const who of everyone.filter((w) => w !== 'signedOut')) {
      it(`${who}: sees only the tickets they opened`, async () => {
        const mine = await t.call('submitTicket', ticket(who === 'outsider' ? cast.otherAccountId : cast.accountId), as(who));
        const res = await t.call('listMyTickets', { limit: 200 }, as(who));
        expect(res.status).toBe(200);
        const stored = await t.services.db.selectFrom('tickets').select('id').where('user_id', '=', as(who)!.id).execute();
        expect(res.result.tickets.map((x: { id: string }) => x.id).sort()).toEqual(stored.map((r) => r.id).sort());
        if (mine.status === 200) expect(res.result.tickets.map((x: { id: string }) => x.id)).toContain(mine.result.ticketId);
        if (who !== 'member') expect(res.result.tickets.map((x: { id: string }) => x.id)).not.toContain(ticketId);
      });
    }
  });

  describe('getTicket of a plain member\'s ticket', () => {
    it('its author, the owner and the admins read it; outsiders get the unknown-ticket answer', async () => {
      for (const who of ['member', 'admin', 'owner'] as const) expect((await t.call('getTicket', { ticketId }, as(who))).result.ticket.id).toBe(ticketId);
      for (const who of ['outsider', 'globalAdmin'] as const) {
        expect((await t.call('getTicket', { ticketId }, as(who))).error).toEqual({ status: 'NOT_FOUND', message: TICKET_NOT_FOUND });
      }
    });

    it('a plain co-member of the author gets the same answer as for an unknown id', async () => {
      const denied = await t.call('getTicket', { ticketId }, coMember);
      const unknown = await t.call('getTicket', { ticketId: 'no-such-ticket' }, coMember);
      expect(denied.status).toBe(404);
      expect(denied.error).toEqual(unknown.error);
      expect(denied.error).toEqual({ status: 'NOT_FOUND', message: TICKET_NOT_FOUND });
    });

    it('a member of account B never reads account A\'s ticket', async () => {
      const res = await t.call('getTicket', { ticketId }, memberOfB);
      expect(res.error).toEqual({ status: 'NOT_FOUND', message: TICKET_NOT_FOUND });
    });
  });

  describe('getTicket of an admin\'s or owner\'s ticket', () => {
    it('plain members cannot read tickets of their account\'s admins; the admins and the owner read each other\'s', async () => {
      const byAdmin = (await t.call('submitTicket', ticket(cast.accountId), cast.admin)).result.ticketId;
      const byOwner = (await t.call('submitTicket', ticket(cast.accountId), cast.owner)).result.ticketId;
      expect((await t.call('getTicket', { ticketId: byAdmin }, cast.member)).status).toBe(404);
      expect((await t.call('getTicket', { ticketId: byOwner }, cast.member)).status).toBe(404);
      expect((await t.call('getTicket', { ticketId: byAdmin }, cast.owner)).status).toBe(200);
      expect((await t.call('getTicket', { ticketId: byOwner }, cast.admin)).status).toBe(200);
    });
  });

  describe('addTicketReply to a plain member\'s ticket', () => {
    const expected: Record<Who, number> = { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, globalAdmin: 404 };
    for (const who of everyone) {
      it(`${who}: ${expected[who]}`, async () => {
        const before = await replyCount(ticketId);
        const res = await t.call('addTicketReply', { ticketId, body: `Reply from ${who}` }, as(who));
        expect(res.status).toBe(expected[who]);
        expect(await replyCount(ticketId)).toBe(before + (expected[who] === 200 ? 1 : 0));
        if (expected[who] === 404) expect(res.error).toEqual({ status: 'NOT_FOUND', message: TICKET_NOT_FOUND });
      });
    }

    it('neither a co-member nor a member of account B can reply, and nothing is stored', async () => {
      const before = await replyCount(ticketId);
      for (const user of [coMember, memberOfB]) {
        const res = await t.call('addTicketReply', { ticketId, body: 'Sneaky' }, user);
        expect(res.error).toEqual({ status: 'NOT_FOUND', message: TICKET_NOT_FOUND });
      }
      expect(await replyCount(ticketId)).toBe(before);
    });

    it('an unknown ticket id is NOT_FOUND', async () => {
      const res = await t.call('addTicketReply', { ticketId: 'no-such-ticket', body: 'Hello' }, cast.owner);
      expect(res.error).toEqual({ status: 'NOT_FOUND', message: TICKET_NOT_FOUND });
    });
  });

  describe('an author who leaves the account', () => {
    // Issue 21: by the account's default setting they keep reading it but no longer reply (removedMemberTickets.test.ts).
    it('still reads their own ticket, but neither answers it nor opens new ones there', async () => {
      const leaver = await createUser(t);
      await addMember(t, cast.accountId, leaver, 'member');
      const own = (await t.call('submitTicket', ticket(cast.accountId), leaver)).result.ticketId;
      await t.services.db.deleteFrom('account_members')
        .where('account_id', '=', cast.accountId).where('user_id', '=', leaver.id).execute();
      expect((await t.call('getTicket', { ticketId: own }, leaver)).status).toBe(200);
      expect((await t.call('addTicketReply', { ticketId: own, body: 'Still there?' }, leaver)).status).toBe(403);
      expect((await t.call('listMyTickets', {}, leaver)).result.tickets.map((x: { id: string }) => x.id)).toEqual([own]);
      expect((await t.call('submitTicket', ticket(cast.accountId), leaver)).status).toBe(403);
    });
  });
});
