import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_SORT_FIELDS, type DomainStatus } from '../../../../common/domains/domains.ts';
import { seedDomain } from '../../../../../test/support/domains/factories.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { INVALID_DOMAIN_CURSOR } from './listCursor.ts';

const DAY_MS = 86_400_000;
const COLUMNS = { domain: 'name', status: 'status', registrationDate: 'registration_date', expirationDate: 'expiration_date' } as const;
const STATUSES: DomainStatus[] = ['active', 'active', 'pending', 'expired', 'suspended'];

describeEachDialect('listDomains', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  let other: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [a, other] = await Promise.all([accountWithMembers(t), accountWithMembers(t)]);
    // 120 domains with ties (three share each registration date), missing dates on some, every status.
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    for (let i = 0; i < 120; i++) {
      const { id } = await seedDomain(t.services, a.accountId, { name: `list-${String(i).padStart(3, '0')}.com`, expiresInDays: 10 + (i % 50) * 7 });
      await t.services.db.updateTable('domains').set({
        status: STATUSES[i % STATUSES.length],
        registration_date: i % 13 === 0 ? null : new Date(base + Math.floor(i / 3) * DAY_MS).toISOString(),
        ...(i % 17 === 0 ? { expiration_date: null } : {}),
      }).where('id', '=', id).execute();
    }
    await seedDomain(t.services, other.accountId, { name: 'list-other-account.com' });
  });
  afterAll(async () => { await t.stop(); });

  const list = (data: Record<string, unknown>, as = a.member) => t.call('listDomains', { accountId: a.accountId, ...data }, as);

  async function allPages(data: Record<string, unknown>, limit: number) {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 200; page++) {
      const res = await list({ ...data, limit, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.result.domains.length).toBeLessThanOrEqual(limit);
      ids.push(...res.result.domains.map((d: { id: string }) => d.id));
      cursor = res.result.nextCursor ?? undefined;
      if (!cursor) return ids;
    }
    throw new Error('the pages never ended');
  }

  /** The order the list promises, straight from the database: no keyset involved. */
  async function expectedOrder(sortBy: keyof typeof COLUMNS, sortOrder: 'asc' | 'desc', where: { status?: DomainStatus } = {}) {
    const column = COLUMNS[sortBy];
    let query = t.services.db.selectFrom('domains').select('id').where('account_id', '=', a.accountId)
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`).orderBy(column, sortOrder).orderBy('id', sortOrder);
    if (where.status) query = query.where('status', '=', where.status);
    return (await query.execute()).map((row) => row.id);
  }

  for (const sortBy of DOMAIN_SORT_FIELDS) {
    for (const sortOrder of ['asc', 'desc'] as const) {
      it(`pages through all 120 by ${sortBy} ${sortOrder}: each once, in order, rows without a date last`, async () => {
        const ids = await allPages({ sortBy, sortOrder }, 7);
        expect(new Set(ids).size).toBe(120);
        expect(ids).toEqual(await expectedOrder(sortBy, sortOrder));
        if (sortBy === 'registrationDate' || sortBy === 'expirationDate') {
          const rows = await t.services.db.selectFrom('domains').select(['id', COLUMNS[sortBy]]).where('account_id', '=', a.accountId).execute();
          const dated = new Map(rows.map((row) => [row.id, (row as Record<string, unknown>)[COLUMNS[sortBy]] !== null]));
          const firstUndated = ids.findIndex((id) => !dated.get(id));
          expect(firstUndated).toBeGreaterThan(0);
          expect(ids.slice(firstUndated).every((id) => !dated.get(id))).toBe(true);
        }
      });
    }
  }

  it('a page that ends inside the dated rows continues into the undated ones without a gap', async () => {
    // 110 rows have a registration date: pages of 10 and 22 end exactly at the boundary, pages of 50 and 100 cross it.
    for (const limit of [10, 22, 50, 100]) expect(await allPages({ sortBy: 'registrationDate', sortOrder: 'asc' }, limit)).toEqual(await expectedOrder('registrationDate', 'asc'));
  });

  it('the default is 25 newest registrations first, with the counts over the whole account', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.result.domains).toHaveLength(25);
    expect(res.result.domains.map((d: { id: string }) => d.id)).toEqual((await expectedOrder('registrationDate', 'desc')).slice(0, 25));
    expect(Object.keys(res.result.domains[0]).sort()).toEqual(['autoRenew', 'domain', 'expirationDate', 'id', 'registrationDate', 'status']);
    expect(res.result.domains[0]).toMatchObject({ domain: expect.stringMatching(/^list-\d{3}\.com$/), registrationDate: '2024-02-09T00:00:00.000Z', autoRenew: true });
    expect(res.result.matching).toBe(120);
    expect(res.result.summary.total).toBe(120);
    expect(res.result.nextCursor).toEqual(expect.any(String));
  });

  it('filters by status, and pages within the filter', async () => {
    const ids = await allPages({ status: 'expired', sortBy: 'expirationDate', sortOrder: 'desc' }, 5);
    expect(ids).toEqual(await expectedOrder('expirationDate', 'desc', { status: 'expired' }));
    expect(ids).toHaveLength(24);
    expect((await list({ status: 'expired' })).result.matching).toBe(24);
    expect((await list({ status: 'active', limit: 1 })).result.matching).toBe(48);
  });

  it('searches part of the name, case-insensitively, with % and _ as plain characters', async () => {
    const res = await list({ search: '-11', sortBy: 'domain', sortOrder: 'asc' });
    expect(res.result.domains.map((d: { domain: string }) => d.domain)).toEqual(Array.from({ length: 10 }, (_, i) => `list-11${i}.com`));
    expect(res.result.matching).toBe(10);
    expect((await list({ search: 'LIST-00' })).result.matching).toBe(10);
    // As wildcards these would match every name (or "list-0" + any + "1").
    for (const search of ['%', '_', 'list_0', 'list-0%1']) {
      const none = await list({ search });
      expect(none.status).toBe(200);
      expect(none.result).toMatchObject({ domains: [], matching: 0, nextCursor: null });
      expect(none.result.summary.total).toBe(120);
    }
    const both = await list({ search: '-11', status: 'active', sortBy: 'domain', sortOrder: 'asc' });
    expect(both.result.domains.map((d: { domain: string; status: string }) => d.status)).toEqual(Array(both.result.matching).fill('active'));
  });

  it('a forged, garbled or other sort\'s page link is refused with the list\'s sentence', async () => {
    const first = await list({ sortBy: 'domain', sortOrder: 'asc', limit: 3 });
    const cursor = first.result.nextCursor as string;
    const forge = (keys: unknown) => Buffer.from(JSON.stringify(keys)).toString('base64url');
    const bad = [
      'not-base64-json', cursor.slice(0, -4), forge({ s: 'domain.asc', i: 'x' }), forge({ s: 'domain.asc', v: "' or 1=1 --", i: 'x' }),
      forge({ s: 'registrationDate.desc', v: '2024-13-45T99:99:99Z', i: 'x' }), forge({ s: 'status.asc', v: 'deleted', i: 'x' }),
      forge({ s: 'domain.asc', v: 'a.com', i: 'x', extra: 1 }), forge({ s: 'domain.asc', v: 'a.com', i: 'x\u0000' }),
    ];
    for (const forged of bad) {
      const res = await list({ sortBy: 'domain', sortOrder: 'asc', cursor: forged });
      expect(res.status, forged).toBe(400);
      expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: INVALID_DOMAIN_CURSOR });
    }
    for (const [sortBy, sortOrder] of [['domain', 'desc'], ['status', 'asc']]) {
      expect((await list({ sortBy, sortOrder, cursor })).error?.message).toBe(INVALID_DOMAIN_CURSOR);
    }
  });

  it('another account\'s members see none of these domains, and may not list this account', async () => {
    const theirs = await t.call('listDomains', { accountId: other.accountId }, other.owner);
    expect(theirs.result.domains.map((d: { domain: string }) => d.domain)).toEqual(['list-other-account.com']);
    expect(theirs.result.summary).toEqual({ total: 1, active: 1, expiringSoon: 0, expired: 0 });
    const refused = await list({}, other.owner);
    expect(refused.status).toBe(403);
    expect(refused.result).toBeUndefined();
  });
});

describeEachDialect('listDomains summary', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  describe('counts over all of the account\'s domains, whatever the page shows', () => {
    it('expiring soon is 1 to 30 days left; expired is the status', async () => {
      for (const days of [5, 20, 40, 400]) await seedDomain(t.services, a.accountId, { expiresInDays: days });
      for (const days of [-3, -40]) {
        const { id } = await seedDomain(t.services, a.accountId, { expiresInDays: days });
        await t.services.db.updateTable('domains').set({ status: 'expired' }).where('id', '=', id).execute();
      }
      const pending = await seedDomain(t.services, a.accountId, { expiresInDays: 25 });
      await t.services.db.updateTable('domains').set({ status: 'pending', expiration_date: null }).where('id', '=', pending.id).execute();

      const res = await t.call('listDomains', { accountId: a.accountId, status: 'expired', search: 'seeded', limit: 1 }, a.member);
      expect(res.status).toBe(200);
      expect(res.result.summary).toEqual({ total: 7, active: 4, expiringSoon: 2, expired: 2 });
      expect(res.result.matching).toBe(2);
      expect(res.result.domains).toHaveLength(1);
    });

    it('follows every write to the domains table: status changes, a domain moved to another account, deletions', async () => {
      const db = t.services.db;
      const elsewhere = await accountWithMembers(t);
      const summaryOf = async (accountId: string, as = a.member) => (await t.call('listDomains', { accountId }, as)).result.summary;
      const counted = async (accountId: string) => {
        const rows = await db.selectFrom('domains').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('account_id', '=', accountId).groupBy('status').execute();
        const n = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
        return { total: rows.reduce((sum, row) => sum + Number(row.n), 0), active: n('active'), expired: n('expired') };
      };
      const [first, second, third] = [
        await seedDomain(t.services, a.accountId, { expiresInDays: 300 }), await seedDomain(t.services, a.accountId, { expiresInDays: 300 }),
        await seedDomain(t.services, a.accountId, { expiresInDays: 300 }),
      ];
      await db.updateTable('domains').set({ status: 'suspended' }).where('id', '=', first.id).execute();
      await db.updateTable('domains').set({ status: 'expired', notes: 'lapsed' }).where('id', 'in', [second.id, first.id]).execute();
      await db.updateTable('domains').set({ notes: 'unrelated change' }).where('account_id', '=', a.accountId).execute();
      await db.updateTable('domains').set({ account_id: elsewhere.accountId }).where('id', '=', third.id).execute();
      await db.deleteFrom('domains').where('id', '=', second.id).execute();
      expect(await summaryOf(a.accountId)).toMatchObject(await counted(a.accountId));
      expect(await summaryOf(a.accountId)).toMatchObject({ total: 8, active: 4, expired: 3 });
      expect(await summaryOf(elsewhere.accountId, elsewhere.member)).toMatchObject({ total: 1, active: 1, expired: 0 });
    });
  });
});
