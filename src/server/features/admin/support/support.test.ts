import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TICKETS_CURSOR } from '../../../../common/admin/support/texts.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';
import type { TicketPriority } from '../../../../common/constants.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { TICKET_NOT_FOUND } from '../../tickets/index.ts';

describeEachDialect('back office: support desk', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let operator: TestUser;
  let a: AccountWithMembers;
  let other: AccountWithMembers;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(dialect, { clock });
    operator = await signUpOperator(t);
    [a, other] = [await accountWithMembers(t), await accountWithMembers(t)];
  });
  afterAll(async () => { await t.stop(); });

  const open = async (by: TestUser, accountId: string, subject = 'Site down', priority: TicketPriority = 'high') => {
    const res = await t.call('submitTicket', { subject, description: 'Nothing loads.', priority, accountId }, by);
    expect(res.status).toBe(200);
    return res.result.ticketId as string;
  };
  const statusOf = async (ticketId: string) => (await t.services.db.selectFrom('tickets').select('status')
    .where('id', '=', ticketId).executeTakeFirstOrThrow()).status;
  const mailsTo = (email: string) => t.services.db.selectFrom('mail_outbox').selectAll()
    .where('to_address', '=', email.toLowerCase()).orderBy('created_at').execute();

  describe('staff reply', () => {
    it('is shown to the customer marked as staff, answers the ticket, e-mails the author and is audited', async () => {
      const ticketId = await open(a.member, a.accountId, 'Mail bounces');
      const mailsBefore = (await mailsTo(a.member.email)).length;
      const res = await t.call('replyToTicketAsStaff', { ticketId, body: '  We fixed the MX record.  ' }, operator);
      expect(res.status).toBe(200);
      expect(res.result).toMatchObject({ status: 'answered', reply: { body: 'We fixed the MX record.', byStaff: true, authorName: operator.name, userId: operator.id } });

      const seen = await t.call('getTicket', { ticketId }, a.member);
      expect(seen.result.ticket.status).toBe('answered');
      expect(seen.result.replies).toEqual([{
        id: res.result.reply.id, authorName: `${operator.name} (Support)`, body: 'We fixed the MX record.',
        createdAt: expect.any(String), byTicketOwner: false, byStaff: true,
      }]);

      const mails = await mailsTo(a.member.email);
      expect(mails).toHaveLength(mailsBefore + 1);
      const mail = mails.at(-1)!;
      expect(mail.subject).toBe('Re: Mail bounces');
      expect(mail.text_body).toContain('We fixed the MX record.');
      expect(mail.text_body).toContain(`${t.services.config.PUBLIC_URL}/tickets/${ticketId}`);

      expect(await auditEntries(t, 'ticket.staff_replied', ticketId)).toEqual([expect.objectContaining({
        actorUserId: operator.id, actorEmail: operator.email, after: { replyId: res.result.reply.id, status: 'answered' },
      })]);
    });

    it('leaves the status the operator picks in the same act', async () => {
      const ticketId = await open(a.member, a.accountId);
      const res = await t.call('replyToTicketAsStaff', { ticketId, body: 'Solved, closing.', status: 'closed' }, operator);
      expect(res.result.status).toBe('closed');
      expect(await statusOf(ticketId)).toBe('closed');
    });

    it('refuses empty, huge, NUL-bearing and unknown-status replies with a sentence, writing nothing', async () => {
      const ticketId = await open(a.member, a.accountId);
      const cases: [unknown, string][] = [
        [{ ticketId, body: '   ' }, 'Reply cannot be empty.'],
        [{ ticketId }, 'Reply cannot be empty.'],
        [{ ticketId, body: 'x'.repeat(10_001) }, 'Reply must be at most 10000 characters.'],
        [{ ticketId, body: 'a\u0000b' }, 'Text must not contain NUL characters.'],
        [{ ticketId, body: 'ok', status: 'pending' }, 'Status must be open, answered, customer-reply or closed.'],
        [{ ticketId: 'a\u0000b', body: 'ok' }, 'Text must not contain NUL characters.'],
        [{ ticketId, body: 'ok', extra: 1 }, 'Unrecognized key: "extra"'],
        ['just text', 'The input must be an object of named fields.'],
      ];
      for (const [input, message] of cases) {
        const res = await t.callRaw('replyToTicketAsStaff', input, operator);
        expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
        expect(res.error!.message).toContain(message);
      }
      expect((await t.call('getTicketForStaff', { ticketId }, operator)).result.replies).toEqual([]);
      expect(await statusOf(ticketId)).toBe('open');
      const missing = await t.call('replyToTicketAsStaff', { ticketId: 'no-such-ticket', body: 'Hello' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, TICKET_NOT_FOUND]);
    });
  });

  describe('customer side', () => {
    it('a customer reply sets customer-reply, reopening a closed ticket', async () => {
      const ticketId = await open(a.member, a.accountId);
      await t.call('replyToTicketAsStaff', { ticketId, body: 'Try again now?' }, operator);
      clock.advance(1);
      expect((await t.call('addTicketReply', { ticketId, body: 'Still broken.' }, a.member)).result.reply).toMatchObject({ byStaff: false, byTicketOwner: true });
      expect(await statusOf(ticketId)).toBe('customer-reply');
      await t.call('setTicketStatus', { ticketId, status: 'closed' }, operator);
      clock.advance(1);
      await t.call('addTicketReply', { ticketId, body: 'It broke again.' }, a.owner);
      expect((await t.call('getTicket', { ticketId }, a.member)).result.ticket.status).toBe('customer-reply');
      const staffView = await t.call('getTicketForStaff', { ticketId }, operator);
      expect(staffView.result.replies.map((r: { byStaff: boolean }) => r.byStaff)).toEqual([true, false, false]);
    });

    it('the customer closes their own ticket; an account admin may too; a co-member and outsiders may not', async () => {
      const ticketId = await open(a.member, a.accountId);
      const otherTicket = await open(a.member, a.accountId);
      expect((await t.call('closeMyTicket', { ticketId }, other.owner)).status).toBe(404);
      expect((await t.call('closeMyTicket', { ticketId }, operator)).status).toBe(404);
      const res = await t.call('closeMyTicket', { ticketId }, a.member);
      expect(res).toMatchObject({ status: 200, result: { ticketId, status: 'closed', message: 'Ticket closed.' } });
      expect((await t.call('getTicket', { ticketId }, a.member)).result.ticket.status).toBe('closed');
      expect((await t.call('closeMyTicket', { ticketId: otherTicket }, a.admin)).status).toBe(200);
      const coMemberTicket = await open(a.admin, a.accountId);
      expect((await t.call('closeMyTicket', { ticketId: coMemberTicket }, a.member)).status).toBe(404);
      expect(await statusOf(coMemberTicket)).toBe('open');
      expect((await t.call('closeMyTicket', { ticketId: 'no-such-ticket' }, a.member)).error!.message).toBe(TICKET_NOT_FOUND);
    });

    it('a customer of another account can never read, reply to or close the ticket, even after a staff reply', async () => {
      const ticketId = await open(a.member, a.accountId);
      await t.call('replyToTicketAsStaff', { ticketId, body: 'Private answer.' }, operator);
      for (const outsider of [other.owner, other.admin, other.member]) {
        for (const [name, input] of [['getTicket', { ticketId }], ['addTicketReply', { ticketId, body: 'Me too' }], ['closeMyTicket', { ticketId }]] as const) {
          const res = await t.call(name, input, outsider);
          expect([res.status, res.error!.message]).toEqual([404, TICKET_NOT_FOUND]);
        }
      }
      expect((await t.call('getTicketForStaff', { ticketId }, operator)).result.replies).toHaveLength(1);
      expect(await statusOf(ticketId)).toBe('answered');
    });

    it('the dashboard counts every ticket that is not closed', async () => {
      const b = await accountWithMembers(t);
      const answered = await open(b.member, b.accountId);
      await open(b.member, b.accountId);
      const closed = await open(b.owner, b.accountId);
      await t.call('replyToTicketAsStaff', { ticketId: answered, body: 'Done?' }, operator);
      await t.call('closeMyTicket', { ticketId: closed }, b.owner);
      expect((await t.call('getDashboard', { accountId: b.accountId }, b.owner)).result).toMatchObject({ openTicketCount: 2 });
    });
  });

  describe('impersonation', () => {
    it('an operator acting as the account lists and reads every ticket of it, nothing else; their reply is a staff reply', async () => {
      const b = await accountWithMembers(t);
      const byMember = await open(b.member, b.accountId, 'Member ticket');
      clock.advance(3);
      const byAdmin = await open(b.admin, b.accountId, 'Admin ticket');
      const elsewhere = await open(other.member, other.accountId, 'Elsewhere');
      const acting = await signUpOperator(t);
      expect((await t.call('startAccountImpersonation', { accountId: b.accountId, reason: 'Ticket follow-up' }, acting)).status).toBe(200);

      const list = await t.call('listMyTickets', {}, acting);
      expect(list.result.tickets.map((x: { id: string }) => x.id)).toEqual([byAdmin, byMember]);
      expect((await t.call('listMyTickets', { limit: 1 }, acting)).result.nextCursor).toEqual(expect.any(String));
      const read = await t.call('getTicket', { ticketId: byMember }, acting);
      expect(read.result.ticket).toMatchObject({ id: byMember, subject: 'Member ticket' });
      expect((await t.call('getTicket', { ticketId: elsewhere }, acting)).status).toBe(404);

      const reply = await t.call('addTicketReply', { ticketId: byMember, body: 'Support here, fixed.' }, acting);
      expect(reply.result.reply).toMatchObject({ byStaff: true, byTicketOwner: false, authorName: `${acting.name} (Support)` });
      expect((await t.call('getTicket', { ticketId: byMember }, b.member)).result).toMatchObject({
        ticket: { status: 'answered' }, replies: [{ byStaff: true, body: 'Support here, fixed.' }],
      });
      expect((await mailsTo(b.member.email)).at(-1)!.subject).toBe('Re: Member ticket');
      expect(await auditEntries(t, 'ticket.replied', byMember)).toEqual([expect.objectContaining({ actorUserId: acting.id })]);

      expect((await t.call('stopImpersonation', {}, acting)).status).toBe(200);
      expect((await t.call('listMyTickets', {}, acting)).result.tickets).toEqual([]);
    });
  });

  describe('listAllTickets', () => {
    it('pages every account\'s tickets by last activity, with account name and author e-mail, without repeats or gaps', async () => {
      const tag = `pg${Date.now().toString(36)}`;
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        ids.push(await open(i % 2 ? a.member : other.owner, i % 2 ? a.accountId : other.accountId, `${tag} number ${i}`));
        clock.advance(3);
      }
      // Activity moves a ticket to the top.
      await t.call('replyToTicketAsStaff', { ticketId: ids[0], body: 'Bump' }, operator);
      const expected = [ids[0], ids[4], ids[3], ids[2], ids[1]];
      for (const sortOrder of ['desc', 'asc'] as const) {
        const seen: string[] = [];
        let startAfter: string | null = null;
        do {
          const res: { status: number; result?: any } = await t.call('listAllTickets', { limit: 2, text: tag, sortOrder, startAfter }, operator);
          expect(res.status).toBe(200);
          seen.push(...res.result.tickets.map((x: { id: string }) => x.id));
          startAfter = res.result.nextCursor;
        } while (startAfter);
        expect(seen).toEqual(sortOrder === 'desc' ? expected : [...expected].reverse());
      }
      const first = (await t.call('listAllTickets', { text: tag, limit: 1 }, operator)).result.tickets[0];
      expect(first).toMatchObject({
        id: ids[0], subject: `${tag} number 0`, status: 'answered', priority: 'high', accountId: other.accountId,
        accountName: `Account of ${other.owner.name}`, authorId: other.owner.id, authorEmail: other.owner.email,
      });
      expect(Date.parse(first.lastActivityAt)).toBeGreaterThan(Date.parse(first.createdAt));
    });

    it('filters by status, priority, account and subject text (any case, wildcards literal)', async () => {
      const tag = `fl${Date.now().toString(36)}`;
      const low = await open(a.member, a.accountId, `${tag} Renewal 100% due`, 'low');
      const high = await open(other.member, other.accountId, `${tag} renewal_failed`, 'high');
      await t.call('setTicketStatus', { ticketId: high, status: 'closed' }, operator);
      const ids = async (input: object) => (await t.call('listAllTickets', { text: tag, ...input }, operator)).result.tickets.map((x: { id: string }) => x.id).sort();
      expect(await ids({})).toEqual([low, high].sort());
      expect(await ids({ status: 'closed' })).toEqual([high]);
      expect(await ids({ priority: 'low' })).toEqual([low]);
      expect(await ids({ accountId: a.accountId })).toEqual([low]);
      expect(await ids({ text: `${tag.toUpperCase()} RENEWAL` })).toEqual([low, high].sort());
      expect(await ids({ text: `${tag} renewal 100%` })).toEqual([low]);
      expect(await ids({ text: `${tag} renewal_` })).toEqual([high]);
      expect(await ids({ text: `${tag} renewal%due` })).toEqual([]);
      expect(await ids({ accountId: 'no-such-account' })).toEqual([]);
    });

    it('refuses bad limits, filters and cursors with a sentence', async () => {
      const cases: [unknown, string][] = [
        [{ limit: 0 }, 'Limit must be at least 1.'],
        [{ limit: 101 }, 'Limit must be at most 100.'],
        [{ limit: 'ten' }, 'Limit must be a whole number.'],
        [{ status: 'pending' }, 'Status must be open, answered, customer-reply or closed.'],
        [{ priority: 'urgent' }, 'Priority must be low, medium or high.'],
        [{ text: 'a\u0000' }, 'Text must not contain NUL characters.'],
        [{ text: 'x'.repeat(201) }, 'Search text must be at most 200 characters.'],
        [{ accountId: 'a\u0000' }, 'Text must not contain NUL characters.'],
        [{ sortOrder: 'up' }, 'Sort order must be asc or desc.'],
        [{ startAfter: 'not-a-cursor' }, INVALID_TICKETS_CURSOR],
        [{ extra: 1 }, 'Unrecognized key: "extra"'],
      ];
      for (const [input, message] of cases) {
        const res = await t.callRaw('listAllTickets', input, operator);
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(res.error!.message).toContain(message);
      }
      await open(a.member, a.accountId);
      await open(a.member, a.accountId);
      const page = await t.call('listAllTickets', { limit: 1, sortOrder: 'desc' }, operator);
      const mixed = await t.call('listAllTickets', { limit: 1, sortOrder: 'asc', startAfter: page.result.nextCursor }, operator);
      expect([mixed.status, mixed.error!.message]).toEqual([400, INVALID_TICKETS_CURSOR]);
    });
  });

  describe('getTicketForStaff and setTicketStatus', () => {
    it('shows ticket, account, author and the conversation with staff replies marked', async () => {
      const ticketId = await open(a.member, a.accountId, 'Need help');
      await t.call('addTicketReply', { ticketId, body: 'More details.' }, a.member);
      clock.advance(3);
      await t.call('replyToTicketAsStaff', { ticketId, body: 'On it.' }, operator);
      const res = await t.call('getTicketForStaff', { ticketId }, operator);
      expect(res.result.ticket).toMatchObject({
        id: ticketId, subject: 'Need help', description: 'Nothing loads.', status: 'answered', accountId: a.accountId,
        accountName: `Account of ${a.owner.name}`, authorId: a.member.id, authorEmail: a.member.email, authorName: a.member.name,
      });
      expect(res.result.replies).toEqual([
        { id: expect.any(String), userId: a.member.id, authorName: a.member.name, body: 'More details.', createdAt: expect.any(String), byStaff: false },
        { id: expect.any(String), userId: operator.id, authorName: operator.name, body: 'On it.', createdAt: expect.any(String), byStaff: true },
      ]);
      const missing = await t.call('getTicketForStaff', { ticketId: 'no-such-ticket' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, TICKET_NOT_FOUND]);
      const blank = await t.call('getTicketForStaff', { ticketId: ' ' }, operator);
      expect([blank.status, blank.error!.message]).toEqual([400, 'Ticket ID is required.']);
    });

    it('changes the status with before and after in the audit log; refuses unknown tickets and statuses', async () => {
      const ticketId = await open(a.member, a.accountId);
      for (const status of ['customer-reply', 'answered', 'closed', 'open'] as const) {
        clock.advance(1);
        const res = await t.call('setTicketStatus', { ticketId, status }, operator);
        expect(res).toMatchObject({ status: 200, result: { ticketId, status } });
        expect((await t.call('getTicket', { ticketId }, a.member)).result.ticket.status).toBe(status);
      }
      const entries = await auditEntries(t, 'ticket.status_changed', ticketId);
      expect(entries.map((e) => [e.before.status, e.after.status])).toEqual([
        ['open', 'customer-reply'], ['customer-reply', 'answered'], ['answered', 'closed'], ['closed', 'open'],
      ]);
      expect(entries[0]).toMatchObject({ actorUserId: operator.id, targetType: 'ticket' });
      const bad = await t.callRaw('setTicketStatus', { ticketId, status: 'done' }, operator);
      expect([bad.status, bad.error!.message]).toEqual([400, 'Status must be open, answered, customer-reply or closed.']);
      const missing = await t.call('setTicketStatus', { ticketId: 'no-such-ticket', status: 'closed' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, TICKET_NOT_FOUND]);
      expect(await auditEntries(t, 'ticket.status_changed', 'no-such-ticket')).toEqual([]);
    });

    it('refuses every support function to customers, account admins and the signed-out', async () => {
      const ticketId = await open(a.member, a.accountId);
      for (const user of [a.owner, a.admin, a.member, null]) {
        for (const [name, input] of [
          ['listAllTickets', {}], ['getTicketForStaff', { ticketId }],
          ['replyToTicketAsStaff', { ticketId, body: 'x' }], ['setTicketStatus', { ticketId, status: 'closed' }],
        ] as const) {
          const res = await t.call(name, input, user ?? undefined);
          expect(res.status, `${name} ${user?.email ?? 'signed out'}`).toBe(user ? 403 : 401);
        }
      }
      expect(await statusOf(ticketId)).toBe('open');
    });
  });
});
