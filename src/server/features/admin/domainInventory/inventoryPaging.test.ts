import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManagedDomainRow } from '../../../../common/admin/domainInventory/contract.ts';
import type { FnOutput } from '../../../../common/contracts/index.ts';
import { DOMAIN_STATUSES } from '../../../../common/domains/domains.ts';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { createAccount, createUser } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { type CallResult, describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { insertDomain, NARROW_PREFIX_ROWS } from '../../domains/index.ts';

/** Five expiries shared by many domains (ties the pages must break by id), and none for some. */
const EXPIRIES = ['2026-01-01T00:00:00.000Z', '2026-06-30T12:00:00.000Z', '2027-02-15T08:30:00.000Z', '2027-02-15T08:30:00.000Z', '2028-12-31T23:59:59.000Z', null];
/** Hyphens and digits next to letters: byte order and the prefix range must agree on both dialects. */
const LABELS = ['shop', 'shop-', 'shopx', 'a', 'z9', 'mid-', 'b', 'shop-a'];

interface Seeded { name: string; accountId: string | null; supplierId: string | null; mode: 'api' | 'manual'; status: string; expiry: string | null }

describeEachDialect('domain inventory keyset pages: every filter and sort, no row skipped or repeated', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let accountA: string;
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedSandboxSupplier(t.services.db);
    operator = await signUpOperator(t);
    accountA = await createAccount(t, await createUser(t), 'Paging A');
    const accountB = await createAccount(t, await createUser(t), 'Paging B');
    const now = new Date().toISOString();
    for (let i = 0; i < 90; i += 1) {
      const label = LABELS[i % LABELS.length];
      const name = `${label}${i}.${i % 3 ? 'com' : 'net'}`;
      const supplierId = i % 4 === 0 ? null : 'sandbox';
      const mode = supplierId === null || i % 5 === 0 ? 'manual' as const : 'api' as const;
      const d: Seeded = {
        name, accountId: [accountA, accountB, null][i % 3], supplierId, mode,
        status: DOMAIN_STATUSES[i % DOMAIN_STATUSES.length], expiry: EXPIRIES[i % EXPIRIES.length],
      };
      seeded.push(d);
      await insertDomain(t.services.db, {
        id: randomUUID(), accountId: d.accountId, name: d.name, tld: d.name.split('.').pop()!, supplierId: d.supplierId, managementMode: d.mode,
        status: d.status as never, registrationId: null, registrationDate: null, expirationDate: d.expiry, autoRenew: i % 2 === 0,
        privacy: false, locked: false, nameservers: [], contacts: null, now,
      });
    }
  });
  afterAll(async () => { await t.stop(); });

  async function walk(input: Record<string, unknown>): Promise<ManagedDomainRow[]> {
    const rows: ManagedDomainRow[] = [];
    let startAfter: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const res: CallResult<FnOutput<'listManagedDomains'>> = await t.callRaw<FnOutput<'listManagedDomains'>>('listManagedDomains', { ...input, limit: 7, startAfter }, operator);
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      rows.push(...res.result.domains);
      if (!res.result.pagination.hasMore) {
        expect(res.result.pagination.nextStartAfter).toBeNull();
        return rows;
      }
      startAfter = res.result.pagination.nextStartAfter;
    }
    throw new Error('more pages than rows');
  }

  const cases: [string, Record<string, unknown>, (d: Seeded) => boolean][] = [
    ['no filter', {}, () => true],
    ['search prefix "shop-"', { search: 'SHOP-' }, (d) => d.name.startsWith('shop-')],
    ['search prefix "shop"', { search: 'shop' }, (d) => d.name.startsWith('shop')],
    ['registrar manual', { registrar: 'manual' }, (d) => d.supplierId === null],
    ['registrar sandbox', { registrar: 'sandbox' }, (d) => d.supplierId === 'sandbox'],
    ['mode api', { mode: 'api' }, (d) => d.mode === 'api'],
    ['mode manual', { mode: 'manual' }, (d) => d.mode === 'manual'],
    ['status expired', { status: 'expired' }, (d) => d.status === 'expired'],
    ['status suspended', { status: 'suspended' }, (d) => d.status === 'suspended'],
    ['account A', { account: 'A' }, (d) => d.accountId === accountA],
    ['unassigned', { account: 'unassigned' }, (d) => d.accountId === null],
    ['all means none', { registrar: 'all', mode: 'all', status: 'all', account: 'all', search: '' }, () => true],
    ['status and account and registrar', { status: 'pending', account: 'unassigned', registrar: 'sandbox' },
      (d) => d.status === 'pending' && d.accountId === null && d.supplierId === 'sandbox'],
  ];

  it('by domain, both orders: exactly the matching names in byte order', async () => {
    for (const [label, filters, matches] of cases) {
      const input = filters.account === 'A' ? { ...filters, account: accountA } : filters;
      const expected = seeded.filter(matches).map((d) => d.name).sort();
      expect(expected.length, label).toBeGreaterThan(0);
      for (const sortOrder of ['asc', 'desc'] as const) {
        const names = (await walk({ ...input, sortBy: 'domain', sortOrder })).map((r) => r.domain);
        expect(names, `${label} ${sortOrder}`).toEqual(sortOrder === 'asc' ? expected : [...expected].reverse());
      }
    }
  });

  it('by expiry, both orders: every matching domain once, in expiry order, the ones without an expiry last', async () => {
    for (const [label, filters, matches] of cases) {
      const input = filters.account === 'A' ? { ...filters, account: accountA } : filters;
      const expected = seeded.filter(matches);
      for (const sortOrder of ['asc', 'desc'] as const) {
        const rows = await walk({ ...input, sortBy: 'expiryAt', sortOrder });
        const names = rows.map((r) => r.domain);
        expect(new Set(names).size, `${label} ${sortOrder}: repeated rows`).toBe(names.length);
        expect([...names].sort(), `${label} ${sortOrder}`).toEqual(expected.map((d) => d.name).sort());
        const keys = rows.map((r) => (r.expiryAt === null ? null : Date.parse(r.expiryAt)));
        const dated = keys.filter((k): k is number => k !== null);
        expect(keys.slice(dated.length).every((k) => k === null), `${label}: missing expiries last`).toBe(true);
        const ordered = [...dated].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a));
        expect(dated, `${label} ${sortOrder}`).toEqual(ordered);
        for (const r of rows) expect(r.expiryAt === null ? null : Date.parse(r.expiryAt)).toBe(toTime(seeded.find((d) => d.name === r.domain)!.expiry));
      }
    }
  });

  it('each row carries its account name, registrar and flags', async () => {
    const rows = await walk({ account: accountA, registrar: 'sandbox' });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatchObject({ accountId: accountA, accountName: 'Paging A', registrar: 'sandbox', registrarName: 'Sandbox' });
    const manual = await walk({ registrar: 'manual' });
    for (const r of manual) expect(r).toMatchObject({ registrar: 'manual', registrarName: 'Manual', managementMode: 'manual' });
  });

  it('a prefix many names share, by expiry, walks the expiry order: still every match once, in order', async () => {
    // More names than NARROW_PREFIX_ROWS start with 'wide', so the list walks the expiry order instead of sorting the names.
    const now = new Date().toISOString();
    const rows = Array.from({ length: NARROW_PREFIX_ROWS + 100 }, (_, i) => ({
      id: `wide-${String(i).padStart(5, '0')}`, account_id: i % 2 ? accountA : null, name: `wide${i}.com`, tld: 'com', supplier_id: null,
      expiration_date: i % 9 === 0 ? null : EXPIRIES[i % 5], nameservers: '[]', created_at: now, updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500) await t.services.db.insertInto('domains').values(rows.slice(at, at + 500) as never).execute();
    for (const sortOrder of ['asc', 'desc'] as const) {
      const seen: ManagedDomainRow[] = [];
      let startAfter: string | null = null;
      do {
        const res: CallResult<FnOutput<'listManagedDomains'>> = await t.callRaw('listManagedDomains', { search: 'wide', sortBy: 'expiryAt', sortOrder, limit: 100, startAfter }, operator);
        expect(res.status).toBe(200);
        seen.push(...res.result.domains);
        startAfter = res.result.pagination.nextStartAfter;
      } while (startAfter);
      expect(new Set(seen.map((r) => r.domain)).size).toBe(rows.length);
      const keys = seen.map((r) => (r.expiryAt === null ? null : Date.parse(r.expiryAt)));
      const dated = keys.filter((k): k is number => k !== null);
      expect(keys.slice(dated.length).every((k) => k === null)).toBe(true);
      expect(dated).toEqual([...dated].sort((a, b) => (sortOrder === 'asc' ? a - b : b - a)));
    }
  });

  it('a page link of another sort or order is refused, not misread', async () => {
    const first = await t.call('listManagedDomains', { sortBy: 'expiryAt', limit: 3 }, operator);
    const cursor = first.result.pagination.nextStartAfter;
    expect(cursor).not.toBeNull();
    for (const other of [{ sortBy: 'domain' }, { sortBy: 'expiryAt', sortOrder: 'desc' }]) {
      expect((await t.callRaw('listManagedDomains', { ...other, startAfter: cursor }, operator)).status).toBe(400);
    }
  });
});

const toTime = (iso: string | null) => (iso === null ? null : Date.parse(iso));
