import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionName } from '../../../common/contracts/index.ts';
import { inputRefusal } from '../../../../test/support/contractInput.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';
import { INVALID_CURSOR } from './ticketCursor.ts';

describe('ticket input validation', () => {
  const ticketId = 'ticket-1';
  const valid = () => ({ subject: 'Site is down', description: 'Since this morning.', priority: 'high', accountId: 'account-1' });

  const expectInvalid = (name: FunctionName, data: unknown, message: string) => expect(inputRefusal(name, data), JSON.stringify(data).slice(0, 120)).toBe(message);
  const expectValid = (name: FunctionName, data: unknown) => expect(inputRefusal(name, data)).toBeNull();

  describe('submitTicket', () => {
    it('requires a subject, also when it is only blanks', () => {
      const { subject: _omit, ...noSubject } = valid();
      expectInvalid('submitTicket', noSubject, 'Subject is required.');
      expectInvalid('submitTicket', { ...valid(), subject: '' }, 'Subject is required.');
      expectInvalid('submitTicket', { ...valid(), subject: '   ' }, 'Subject is required.');
    });

    it('limits the subject to 200 characters', () => {
      expectInvalid('submitTicket', { ...valid(), subject: 'x'.repeat(201) }, 'Subject must be at most 200 characters.');
      expectValid('submitTicket', { ...valid(), subject: 'x'.repeat(200) });
    });

    it('requires a description, also when it is only blanks', () => {
      const { description: _omit, ...noDescription } = valid();
      expectInvalid('submitTicket', noDescription, 'Description is required.');
      expectInvalid('submitTicket', { ...valid(), description: '\n  \t' }, 'Description is required.');
    });

    it('limits the description to 10000 characters', () => {
      expectInvalid('submitTicket', { ...valid(), description: 'y'.repeat(10_001) }, 'Description must be at most 10000 characters.');
      expectValid('submitTicket', { ...valid(), description: 'y'.repeat(10_000) });
    });

    it('accepts only the priorities low, medium and high', () => {
      const { priority: _omit, ...noPriority } = valid();
      expectInvalid('submitTicket', noPriority, 'Priority must be low, medium or high.');
      expectInvalid('submitTicket', { ...valid(), priority: 'urgent' }, 'Priority must be low, medium or high.');
      expectInvalid('submitTicket', { ...valid(), priority: 'HIGH' }, 'Priority must be low, medium or high.');
      for (const priority of ['low', 'medium', 'high']) expectValid('submitTicket', { ...valid(), priority });
    });

    it('requires the account id', () => {
      const { accountId: _omit, ...noAccount } = valid();
      expectInvalid('submitTicket', noAccount, 'Account ID is required.');
      expectInvalid('submitTicket', { ...valid(), accountId: ' ' }, 'Account ID is required.');
    });

    it('rejects fields it does not know', () => {
      expect(inputRefusal('submitTicket', { ...valid(), status: 'closed' })).not.toBeNull();
    });
  });

  describe('addTicketReply', () => {
    it('rejects an empty, blank or missing reply', () => {
      expectInvalid('addTicketReply', { ticketId, body: '' }, 'Reply cannot be empty.');
      expectInvalid('addTicketReply', { ticketId, body: '   ' }, 'Reply cannot be empty.');
      expectInvalid('addTicketReply', { ticketId }, 'Reply cannot be empty.');
    });

    it('limits a reply to 10000 characters', () => {
      expectInvalid('addTicketReply', { ticketId, body: 'z'.repeat(10_001) }, 'Reply must be at most 10000 characters.');
      expectValid('addTicketReply', { ticketId, body: 'z'.repeat(10_000) });
    });

    it('requires the ticket id', () => {
      expectInvalid('addTicketReply', { body: 'Hello' }, 'Ticket ID is required.');
    });
  });

  describe('getTicket', () => {
    it('requires the ticket id', () => {
      expectInvalid('getTicket', {}, 'Ticket ID is required.');
      expectInvalid('getTicket', { ticketId: '  ' }, 'Ticket ID is required.');
    });
  });

  describe('listMyTickets', () => {
    it('keeps the page size between 1 and 200', () => {
      expectInvalid('listMyTickets', { limit: 0 }, 'Limit must be between 1 and 200.');
      expectInvalid('listMyTickets', { limit: 201 }, 'Limit must be between 1 and 200.');
      for (const limit of [1, 200]) expectValid('listMyTickets', { limit });
    });
  });
});

describeEachDialect('ticket input over HTTP', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  const valid = () => ({ subject: 'Site is down', description: 'Since this morning.', priority: 'high' as const, accountId: a.accountId });

  async function expectRefused(name: FunctionName, data: unknown, message: string) {
    const res = await t.callRaw(name, data, a.member);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  }

  it('answers a refused input with 400 INVALID_ARGUMENT and the contract\'s sentence', async () => {
    await expectRefused('submitTicket', { ...valid(), subject: '   ' }, 'Subject is required.');
  });

  it('stores the subject and description trimmed, status open', async () => {
    const res = await t.call('submitTicket', { ...valid(), subject: '  Mail bounces  ', description: '  Every message.  ' }, a.member);
    const read = await t.call('getTicket', { ticketId: res.result.ticketId }, a.member);
    expect(read.result.ticket).toMatchObject({ subject: 'Mail bounces', description: 'Every message.', status: 'open' });
  });

  it('stores a reply trimmed', async () => {
    const { ticketId } = (await t.call('submitTicket', valid(), a.member)).result;
    const res = await t.call('addTicketReply', { ticketId, body: '  Any news?  ' }, a.member);
    expect(res.result.reply.body).toBe('Any news?');
  });

  describe('listMyTickets', () => {
    it('rejects a cursor it did not hand out', async () => {
      await expectRefused('listMyTickets', { cursor: 'not-a-cursor' }, INVALID_CURSOR);
      const forged = Buffer.from(JSON.stringify({ c: "2024-01-01'; drop table tickets", i: 'x' })).toString('base64url');
      await expectRefused('listMyTickets', { cursor: forged }, INVALID_CURSOR);
    });

    it('works without any input', async () => {
      expect((await t.callRaw('listMyTickets', undefined, a.member)).status).toBe(200);
      expect((await t.call('listMyTickets', {}, a.member)).status).toBe(200);
    });
  });
});
