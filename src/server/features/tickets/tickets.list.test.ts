import { randomUUID } from 'node:crypto';
import type { FnOutput } from '../../../common/contracts/index.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../../../test/support/clock.ts';
import { accountWithMembers, addMember, createUser } from '../../../../test/support/factories.ts';
import { type CallResult, describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

type Page = FnOutput<'listMyTickets'>;

describeEachDialect('listMyTickets pagination', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp(dialect, { clock });
  });
  afterAll(async () => { await t.stop(); });

  async function allPages(user: TestUser, limit: number): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res: CallResult<Page> = await t.call('listMyTickets', { limit, cursor }, user);
      expect(res.status).toBe(200);
      pages.push(res.result!);
      cursor = res.result!.nextCursor;
    } while (cursor && pages.length < 100);
    return pages;
  }

  /** Rows written straight to the table, for timestamps a client cannot choose (ties, microseconds). */
  async function insertTickets(user: TestUser, accountId: string, createdAt: string[]) {
    const rows = createdAt.map((at, i) => ({
      id: randomUUID(), account_id: accountId, user_id: user.id, subject: `Imported ${i}`, description: 'd',
      priority: 'low' as const, status: 'open' as const, created_at: at, updated_at: at,
    }));
    await t.services.db.insertInto('tickets').values(rows).execute();
    return rows.map((r) => r.id);
  }

  it('lists the caller\'s tickets of every account, newest first, a page at a time', async () => {
    const a = await accountWithMembers(t);
    const b = await accountWithMembers(t);
    await addMember(t, b.accountId, a.member, 'member');
    const submitted: { id: string; accountId: string }[] = [];
    for (let i = 0; i < 7; i++) {
      const accountId = i % 2 ? b.accountId : a.accountId;
      const res = await t.call('submitTicket', { subject: `Ticket ${i}`, description: 'd', priority: 'low', accountId }, a.member);
      submitted.push({ id: res.result.ticketId, accountId });
      clock.advance(3); // distinct creation times, so "newest first" has one right answer
    }
    // Someone else's ticket in the same account never shows up.
    await t.call('submitTicket', { subject: 'Not mine', description: 'd', priority: 'low', accountId: a.accountId }, a.owner);

    const pages = await allPages(a.member, 3);
    expect(pages.map((p) => p.tickets.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const listed = pages.flatMap((p) => p.tickets);
    expect(listed.map((x) => x.id)).toEqual(submitted.map((s) => s.id).reverse());
    expect(listed.map((x) => x.accountId)).toEqual(submitted.map((s) => s.accountId).reverse());
    expect(listed[0]).toMatchObject({ subject: 'Ticket 6', status: 'open', priority: 'low' });
    expect(Number.isNaN(Date.parse(listed[0].createdAt))).toBe(false);
    const times = listed.map((x) => Date.parse(x.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('defaults to 50 per page and ends with a null cursor when the last page is exactly full', async () => {
    const a = await accountWithMembers(t);
    const base = Date.parse('2024-03-01T00:00:00.000Z');
    await insertTickets(a.member, a.accountId, Array.from({ length: 54 }, (_, i) => new Date(base + i * 60_000).toISOString()));
    const first = await t.call('listMyTickets', {}, a.member);
    expect(first.result!.tickets).toHaveLength(50);
    expect(first.result!.nextCursor).toEqual(expect.any(String));
    const second = await t.call('listMyTickets', { cursor: first.result!.nextCursor }, a.member);
    expect(second.result!.tickets).toHaveLength(4);
    expect(second.result!.nextCursor).toBeNull();

    const exact = await allPages(a.member, 27);
    expect(exact.map((p) => p.tickets.length)).toEqual([27, 27]);
    expect(exact[1].nextCursor).toBeNull();
  });

  it('an empty list is one page with a null cursor', async () => {
    const loner = await createUser(t);
    const res = await t.call('listMyTickets', {}, loner);
    expect(res.result).toEqual({ tickets: [], nextCursor: null });
  });

  it('neither skips nor repeats tickets created at the same instant, to the microsecond', async () => {
    const a = await accountWithMembers(t);
    const ids = await insertTickets(a.member, a.accountId, [
      '2024-05-01T10:00:00.000Z', '2024-05-01T10:00:00.000Z', '2024-05-01T10:00:00.000Z',
      '2024-05-01T10:00:00.000123Z', '2024-05-01T10:00:00.000456Z', '2024-05-01T10:00:00.000456Z',
      '2024-05-01T09:59:59.999Z',
    ]);
    for (const limit of [1, 2, 3]) {
      const listed = (await allPages(a.member, limit)).flatMap((p) => p.tickets.map((x) => x.id));
      expect(listed).toHaveLength(ids.length);
      expect(new Set(listed)).toEqual(new Set(ids));
      expect(listed.at(-1)).toBe(ids[6]);
    }
  });

  it('a cursor only ever continues the caller\'s own list', async () => {
    const a = await accountWithMembers(t);
    const b = await accountWithMembers(t);
    await insertTickets(a.member, a.accountId, ['2024-06-01T00:00:00.000Z', '2024-06-02T00:00:00.000Z']);
    const bIds = await insertTickets(b.member, b.accountId, ['2024-05-01T00:00:00.000Z']);
    const first = await t.call('listMyTickets', { limit: 1 }, a.member);
    const borrowed = await t.call('listMyTickets', { limit: 10, cursor: first.result!.nextCursor }, b.member);
    expect(borrowed.result!.tickets.map((x) => x.id)).toEqual(bIds);
  });
});
