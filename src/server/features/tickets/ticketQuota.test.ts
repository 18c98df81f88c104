import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TICKET_QUOTA_REACHED, TICKETS_PER_ACCOUNT_PER_DAY } from '../../../common/tickets/quota.ts';
import { accountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';

// Issue 21: per-account write quota on what costs the provider staff time and mail.
describeEachDialect('ticket quota per account (issue 21)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const ticket = (accountId: string, subject = 'Help') => ({ subject, description: 'Please.', priority: 'low' as const, accountId });
  const ticketCount = async (accountId: string) => Number((await t.services.db.selectFrom('tickets')
    .select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);
  /** Tickets the account opened `hoursAgo`, as earlier submissions left them. */
  const plantTickets = (accountId: string, userId: string, n: number, hoursAgo: number) => t.services.db.insertInto('tickets').values(
    Array.from({ length: n }, () => {
      const at = new Date(Date.now() - hoursAgo * 3600_000).toISOString();
      return { id: randomUUID(), account_id: accountId, user_id: userId, subject: 'Earlier', description: 'Earlier.', priority: 'low' as const, status: 'open' as const, created_at: at, updated_at: at };
    }),
  ).execute();

  it(`the ${TICKETS_PER_ACCOUNT_PER_DAY + 1}st ticket of the day is refused with a 429 sentence and nothing is written`, async () => {
    const { accountId, owner, member } = await accountWithMembers(t);
    await plantTickets(accountId, member.id, TICKETS_PER_ACCOUNT_PER_DAY - 1, 1);
    // The 50th goes through HTTP like any other.
    expect((await t.call('submitTicket', ticket(accountId, 'Fiftieth'), owner)).status).toBe(200);
    const before = await ticketCount(accountId);
    for (const who of [owner, member]) {
      const res = await t.call('submitTicket', ticket(accountId, 'One too many'), who);
      expect(res.status).toBe(429);
      expect(res.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: TICKET_QUOTA_REACHED });
    }
    expect(await ticketCount(accountId)).toBe(before);
    const events = await t.services.db.selectFrom('platform_events').select('id').where('event_type', '=', 'support.ticket.created')
      .where('account_id', '=', accountId).execute();
    expect(events).toHaveLength(1);
  });

  it('the quota is per account and counts the last 24 hours only', async () => {
    const full = await accountWithMembers(t);
    const other = await accountWithMembers(t);
    await plantTickets(full.accountId, full.member.id, TICKETS_PER_ACCOUNT_PER_DAY, 2);
    expect((await t.call('submitTicket', ticket(full.accountId), full.owner)).status).toBe(429);
    expect((await t.call('submitTicket', ticket(other.accountId), other.owner)).status).toBe(200);

    const yesterday = await accountWithMembers(t);
    await plantTickets(yesterday.accountId, yesterday.member.id, TICKETS_PER_ACCOUNT_PER_DAY, 25);
    expect((await t.call('submitTicket', ticket(yesterday.accountId), yesterday.owner)).status).toBe(200);
  });
});
