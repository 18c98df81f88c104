import { afterAll, beforeAll, expect, it } from 'vitest';
import { TICKET_ACCESS_SAVED } from '../../../common/accounts/ticketAccessSetting.ts';
import { TICKET_READ_ONLY } from '../../../common/tickets/quota.ts';
import { accountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';
import { TICKET_NOT_FOUND } from './policy.ts';

// Issue 21: a member removed from an account keeps read access to the tickets they wrote there
// only if the account's setting allows it (default: read-only, no replies; else no access).
describeEachDialect('removed members and their tickets (issue 21)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const replyCount = async (ticketId: string) =>
    (await t.services.db.selectFrom('ticket_replies').select('id').where('ticket_id', '=', ticketId).execute()).length;
  const statusOf = async (ticketId: string) =>
    (await t.services.db.selectFrom('tickets').select('status').where('id', '=', ticketId).executeTakeFirstOrThrow()).status;

  /** An account whose plain member opened a ticket and was then removed. */
  async function removedAuthor(): Promise<{ accountId: string; owner: TestUser; member: TestUser; ticketId: string }> {
    const { accountId, owner, member } = await accountWithMembers(t);
    const opened = await t.call('submitTicket', { subject: 'Invoice split', description: 'Per department, please.', priority: 'low', accountId }, member);
    expect(opened.status).toBe(200);
    const ticketId = opened.result.ticketId;
    expect((await t.call('getTicket', { ticketId }, member)).result.canReply).toBe(true);
    expect((await t.call('removeMember', { accountId, memberUid: member.id }, owner)).status).toBe(200);
    return { accountId, owner, member, ticketId };
  }

  it('by default the account keeps removed members reading, and the owner sees that setting', async () => {
    const { accountId, owner, member } = await accountWithMembers(t);
    expect((await t.call('getAccountTicketAccess', { accountId }, owner)).result).toEqual({ removedMemberTicketAccess: 'read_only' });
    expect((await t.call('getAccountTicketAccess', { accountId }, member)).status).toBe(403);
    expect((await t.call('setAccountTicketAccess', { accountId, removedMemberTicketAccess: 'none' }, member)).status).toBe(403);
  });

  it('read-only (default): reads, but replies and closing are refused with a sentence and write nothing', async () => {
    const { member, ticketId } = await removedAuthor();
    const read = await t.call('getTicket', { ticketId }, member);
    expect(read.status).toBe(200);
    expect(read.result.ticket.subject).toBe('Invoice split');
    expect(read.result.canReply).toBe(false);
    expect((await t.call('listMyTickets', {}, member)).result.tickets.map((x) => x.id)).toContain(ticketId);

    const reply = await t.call('addTicketReply', { ticketId, body: 'Still there?' }, member);
    expect(reply.status).toBe(403);
    expect(reply.error).toMatchObject({ status: 'PERMISSION_DENIED', message: TICKET_READ_ONLY });
    expect(await replyCount(ticketId)).toBe(0);
    const close = await t.call('closeMyTicket', { ticketId }, member);
    expect(close.status).toBe(403);
    expect(await statusOf(ticketId)).toBe('open');
  });

  it('no access (the other setting): the removed author cannot even read it, and it answers as unknown', async () => {
    const { accountId, owner, member, ticketId } = await removedAuthor();
    const set = await t.call('setAccountTicketAccess', { accountId, removedMemberTicketAccess: 'none' }, owner);
    expect(set.result).toEqual({ success: true, message: TICKET_ACCESS_SAVED });
    expect((await t.call('getAccountTicketAccess', { accountId }, owner)).result.removedMemberTicketAccess).toBe('none');
    for (const res of [
      await t.call('getTicket', { ticketId }, member),
      await t.call('addTicketReply', { ticketId, body: 'Hello?' }, member),
      await t.call('closeMyTicket', { ticketId }, member),
    ]) {
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe(TICKET_NOT_FOUND);
    }
    expect(await replyCount(ticketId)).toBe(0);
    // Nor is it in their list any more.
    expect((await t.call('listMyTickets', {}, member)).result.tickets.map((x) => x.id)).not.toContain(ticketId);
    // Switching back gives the reading back; the account's own people kept full access throughout.
    await t.call('setAccountTicketAccess', { accountId, removedMemberTicketAccess: 'read_only' }, owner);
    expect((await t.call('getTicket', { ticketId }, member)).status).toBe(200);
    expect((await t.call('addTicketReply', { ticketId, body: 'We are on it.' }, owner)).status).toBe(200);
  });

  it('a removed author who is invited back and rejoins may reply again', async () => {
    const { accountId, owner, member, ticketId } = await removedAuthor();
    const sent = await t.call('sendInvitation', { accountId, inviteeEmail: member.email, role: 'member' }, owner);
    expect((await t.call('acceptInvitation', { invitationId: sent.result.invitationId }, member)).status).toBe(200);
    expect((await t.call('addTicketReply', { ticketId, body: 'Back again.' }, member)).status).toBe(200);
  });
});
