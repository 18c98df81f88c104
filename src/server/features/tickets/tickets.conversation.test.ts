import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../../test/support/clock.ts';
import { accountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';

describeEachDialect('ticket detail and conversation', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(dialect, { clock });
  });
  afterAll(async () => { await t.stop(); });

  it('shows the stored ticket with its author and account', async () => {
    const a = await accountWithMembers(t);
    const submitted = await t.call('submitTicket',
      { subject: 'DNS', description: 'Records vanished.', priority: 'high', accountId: a.accountId }, a.member);
    const res = await t.call('getTicket', { ticketId: submitted.result.ticketId }, a.owner);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({
      ticket: {
        id: submitted.result.ticketId, accountId: a.accountId, accountName: `Account of ${a.owner.name}`,
        subject: 'DNS', description: 'Records vanished.', status: 'open', priority: 'high',
        createdAt: expect.any(String), authorName: a.member.name,
      },
      replies: [],
      canReply: true,
    });
    expect(Math.abs(Date.parse(res.result.ticket.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('replies are stored, listed oldest first, and marked when they come from the ticket\'s author', async () => {
    const a = await accountWithMembers(t);
    const { ticketId } = (await t.call('submitTicket',
      { subject: 'Billing', description: 'Charged twice.', priority: 'medium', accountId: a.accountId }, a.member)).result;

    const first = await t.call('addTicketReply', { ticketId, body: 'We are looking into it.' }, a.admin);
    expect(first.status).toBe(200);
    expect(first.result.reply).toEqual({
      id: expect.any(String), authorName: a.admin.name, body: 'We are looking into it.',
      createdAt: expect.any(String), byTicketOwner: false, byStaff: false,
    });
    clock.advance(3);
    const second = await t.call('addTicketReply', { ticketId, body: 'Thanks!' }, a.member);
    expect(second.result.reply).toMatchObject({ authorName: a.member.name, byTicketOwner: true });
    clock.advance(3);
    await t.call('addTicketReply', { ticketId, body: 'Refund issued.' }, a.owner);

    for (const reader of [a.member, a.admin, a.owner]) {
      const read = await t.call('getTicket', { ticketId }, reader);
      expect(read.result.replies).toEqual([
        first.result.reply,
        second.result.reply,
        { id: expect.any(String), authorName: a.owner.name, body: 'Refund issued.', createdAt: expect.any(String), byTicketOwner: false, byStaff: false },
      ]);
    }
  });

  it('a reply keeps the name its author had when writing it', async () => {
    const a = await accountWithMembers(t);
    const { ticketId } = (await t.call('submitTicket',
      { subject: 'Name', description: 'd', priority: 'low', accountId: a.accountId }, a.member)).result;
    await t.call('addTicketReply', { ticketId, body: 'First' }, a.admin);
    await t.services.db.updateTable('users').set({ name: 'Renamed Admin' }).where('id', '=', a.admin.id).execute();
    clock.advance(3);
    await t.call('addTicketReply', { ticketId, body: 'Second' }, a.admin);
    const read = await t.call('getTicket', { ticketId }, a.member);
    expect(read.result.replies.map((r: { authorName: string }) => r.authorName)).toEqual([a.admin.name, 'Renamed Admin']);
  });

  it('a reply marks the ticket as updated', async () => {
    const a = await accountWithMembers(t);
    const { ticketId } = (await t.call('submitTicket',
      { subject: 'Touch', description: 'd', priority: 'low', accountId: a.accountId }, a.member)).result;
    const updatedAt = async () => (await t.services.db.selectFrom('tickets').select('updated_at')
      .where('id', '=', ticketId).executeTakeFirstOrThrow()).updated_at;
    const before = await updatedAt();
    clock.advance(5);
    const reply = await t.call('addTicketReply', { ticketId, body: 'Bump' }, a.owner);
    const after = await updatedAt();
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!));
    expect(after).toBe(reply.result.reply.createdAt);
  });

  it('replies of one ticket never appear on another', async () => {
    const a = await accountWithMembers(t);
    const submit = async (subject: string) => (await t.call('submitTicket',
      { subject, description: 'd', priority: 'low', accountId: a.accountId }, a.member)).result.ticketId as string;
    const [one, two] = [await submit('One'), await submit('Two')];
    await t.call('addTicketReply', { ticketId: one, body: 'On one' }, a.member);
    const read = await t.call('getTicket', { ticketId: two }, a.member);
    expect(read.result.replies).toEqual([]);
  });
});
