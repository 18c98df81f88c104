import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithMembers, type AccountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { INVALID_CURSOR } from './ticketCursor.ts';

describeEachDialect('ticket input validation', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  const valid = () => ({ subject: 'Site is down', description: 'Since this morning.', priority: 'high' as const, accountId: a.accountId });

  async function expectInvalid(name: string, data: unknown, message: string) {
    const res = await t.callRaw(name, data, a.member);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  }

  describe('submitTicket', () => {
    it('requires a subject, also when it is only blanks', async () => {
      const { subject: _omit, ...noSubject } = valid();
      await expectInvalid('submitTicket', noSubject, 'Subject is required.');
      await expectInvalid('submitTicket', { ...valid(), subject: '' }, 'Subject is required.');
      await expectInvalid('submitTicket', { ...valid(), subject: '   ' }, 'Subject is required.');
    });

    it('limits the subject to 200 characters', async () => {
      await expectInvalid('submitTicket', { ...valid(), subject: 'x'.repeat(201) }, 'Subject must be at most 200 characters.');
      const ok = await t.call('submitTicket', { ...valid(), subject: 'x'.repeat(200) }, a.member);
      expect(ok.status).toBe(200);
    });

    it('requires a description, also when it is only blanks', async () => {
      const { description: _omit, ...noDescription } = valid();
      await expectInvalid('submitTicket', noDescription, 'Description is required.');
      await expectInvalid('submitTicket', { ...valid(), description: '\n  \t' }, 'Description is required.');
    });

    it('limits the description to 10000 characters', async () => {
      await expectInvalid('submitTicket', { ...valid(), description: 'y'.repeat(10_001) }, 'Description must be at most 10000 characters.');
      const ok = await t.call('submitTicket', { ...valid(), description: 'y'.repeat(10_000) }, a.member);
      expect(ok.status).toBe(200);
    });

    it('accepts only the priorities low, medium and high', async () => {
      const { priority: _omit, ...noPriority } = valid();
      await expectInvalid('submitTicket', noPriority, 'Priority must be low, medium or high.');
      await expectInvalid('submitTicket', { ...valid(), priority: 'urgent' }, 'Priority must be low, medium or high.');
      await expectInvalid('submitTicket', { ...valid(), priority: 'HIGH' }, 'Priority must be low, medium or high.');
      for (const priority of ['low', 'medium', 'high'] as const) {
        const ok = await t.call('submitTicket', { ...valid(), priority }, a.member);
        expect(ok.status).toBe(200);
      }
    });

    it('requires the account id', async () => {
      const { accountId: _omit, ...noAccount } = valid();
      await expectInvalid('submitTicket', noAccount, 'Account ID is required.');
      await expectInvalid('submitTicket', { ...valid(), accountId: ' ' }, 'Account ID is required.');
    });

    it('rejects fields it does not know', async () => {
      const res = await t.callRaw('submitTicket', { ...valid(), status: 'closed' }, a.member);
      expect(res.status).toBe(400);
      expect(res.error?.status).toBe('INVALID_ARGUMENT');
    });

    it('stores the subject and description trimmed, status open', async () => {
      const res = await t.call('submitTicket', { ...valid(), subject: '  Mail bounces  ', description: '  Every message.  ' }, a.member);
      const read = await t.call('getTicket', { ticketId: res.result.ticketId }, a.member);
      expect(read.result.ticket).toMatchObject({ subject: 'Mail bounces', description: 'Every message.', status: 'open' });
    });
  });

  describe('addTicketReply', () => {
    let ticketId: string;
    beforeAll(async () => { ticketId = (await t.call('submitTicket', valid(), a.member)).result.ticketId; });

    it('rejects an empty, blank or missing reply', async () => {
      await expectInvalid('addTicketReply', { ticketId, body: '' }, 'Reply cannot be empty.');
      await expectInvalid('addTicketReply', { ticketId, body: '   ' }, 'Reply cannot be empty.');
      await expectInvalid('addTicketReply', { ticketId }, 'Reply cannot be empty.');
    });

    it('limits a reply to 10000 characters', async () => {
      await expectInvalid('addTicketReply', { ticketId, body: 'z'.repeat(10_001) }, 'Reply must be at most 10000 characters.');
      const ok = await t.call('addTicketReply', { ticketId, body: 'z'.repeat(10_000) }, a.member);
      expect(ok.status).toBe(200);
    });

    it('requires the ticket id', async () => {
      await expectInvalid('addTicketReply', { body: 'Hello' }, 'Ticket ID is required.');
    });

    it('stores the reply trimmed', async () => {
      const res = await t.call('addTicketReply', { ticketId, body: '  Any news?  ' }, a.member);
      expect(res.result.reply.body).toBe('Any news?');
    });
  });

  describe('getTicket', () => {
    it('requires the ticket id', async () => {
      await expectInvalid('getTicket', {}, 'Ticket ID is required.');
      await expectInvalid('getTicket', { ticketId: '  ' }, 'Ticket ID is required.');
    });
  });

  describe('listMyTickets', () => {
    it('keeps the page size between 1 and 200', async () => {
      await expectInvalid('listMyTickets', { limit: 0 }, 'Limit must be between 1 and 200.');
      await expectInvalid('listMyTickets', { limit: 201 }, 'Limit must be between 1 and 200.');
      for (const limit of [1, 200]) expect((await t.call('listMyTickets', { limit }, a.member)).status).toBe(200);
    });

    it('rejects a cursor it did not hand out', async () => {
      await expectInvalid('listMyTickets', { cursor: 'not-a-cursor' }, INVALID_CURSOR);
      const forged = Buffer.from(JSON.stringify({ c: "2024-01-01'; drop table tickets", i: 'x' })).toString('base64url');
      await expectInvalid('listMyTickets', { cursor: forged }, INVALID_CURSOR);
    });

    it('works without any input', async () => {
      expect((await t.call('listMyTickets', undefined, a.member)).status).toBe(200);
      expect((await t.call('listMyTickets', {}, a.member)).status).toBe(200);
    });
  });
});
