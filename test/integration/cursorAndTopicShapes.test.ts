import { afterAll, beforeAll, expect, it } from 'vitest';
import { permissionCast, type PermissionCast } from '../support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../support/testApp.ts';

const LEAK = /stack|driver|syntax error|invalid byte sequence|out of range|time zone|22021|22008|22007|SQLITE|postgres|kysely|FST_|ZodError/i;
const ROW_ID = '9b2f6c1e-0000-4000-8000-000000000000';
const cursorOf = (keys: Record<string, unknown>) => Buffer.from(JSON.stringify(keys)).toString('base64url');

/** Dates no server-written cursor holds; each reached PostgreSQL as a query error (500) or must never. */
const BAD_DATES: [string, string][] = [
  ['impossible zone', '2026-01-02 10:00:00.123456+99'],
  ['impossible zone (ISO)', '2026-01-02T10:00:00.123+99:00'],
  ['impossible date', '2026-02-30T10:00:00.000Z'],
  ['impossible date (PostgreSQL text)', '2026-02-30 10:00:00+00'],
  ['NUL byte', '2026-01-02T10:00:00.000Z\u0000'],
];

type CursorCase = { fn: string; as: 'member' | 'operator'; input: (cursor: string) => Record<string, unknown>; keys: (date: string) => Record<string, unknown> };

/**
 * Every function that takes a page cursor: a cursor whose date is impossible is a clear 400 on
 * both databases, never a query error (PostgreSQL answered "+99" with a 500 on listMyTickets).
 */
describeEachDialect('page cursors and live topics refuse impossible values before any query', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  const errorLog: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect, { errorLog });
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  const cases = (): CursorCase[] => [
    { fn: 'listMyTickets', as: 'member', input: (cursor) => ({ cursor }), keys: (c) => ({ c, i: ROW_ID }) },
    { fn: 'listInvoices', as: 'member', input: (cursor) => ({ accountId: cast.accountId, cursor }), keys: (d) => ({ d, i: ROW_ID }) },
    { fn: 'listDomainOrders', as: 'member', input: (cursor) => ({ accountId: cast.accountId, cursor }), keys: (c) => ({ c, i: ROW_ID }) },
    { fn: 'listDomains', as: 'member', input: (cursor) => ({ accountId: cast.accountId, cursor }), keys: (v) => ({ s: 'registrationDate.desc', i: ROW_ID, v }) },
    { fn: 'getAllUsers', as: 'operator', input: (startAfter) => ({ startAfter, sortBy: 'createdAt', sortOrder: 'desc' }), keys: (v) => ({ s: 'createdAt.desc', v, i: ROW_ID }) },
    { fn: 'getAllOrders', as: 'operator', input: (startAfter) => ({ startAfter, sortBy: 'createdAt', sortOrder: 'desc' }), keys: (v) => ({ s: 'createdAt.desc', v, i: ROW_ID }) },
    { fn: 'getAllAccounts', as: 'operator', input: (startAfter) => ({ startAfter, sortBy: 'createdAt', sortOrder: 'desc' }), keys: (v) => ({ s: 'createdAt.desc', v, i: ROW_ID }) },
    { fn: 'listManagedDomains', as: 'operator', input: (startAfter) => ({ startAfter, sortBy: 'expiryAt', sortOrder: 'asc' }), keys: (v) => ({ s: 'expiryAt.asc', v, i: ROW_ID }) },
    { fn: 'listAllTickets', as: 'operator', input: (startAfter) => ({ startAfter, sortOrder: 'desc' }), keys: (c) => ({ s: 'desc', c, i: ROW_ID }) },
    { fn: 'listAuditLog', as: 'operator', input: (startAfter) => ({ startAfter }), keys: (v) => ({ l: 'audit', v, i: ROW_ID }) },
    { fn: 'listMailOutbox', as: 'operator', input: (startAfter) => ({ startAfter }), keys: (v) => ({ l: 'mail', v, i: ROW_ID }) },
    { fn: 'listEvents', as: 'operator', input: (startAfter) => ({ startAfter }), keys: (v) => ({ l: 'events', v, i: ROW_ID }) },
    { fn: 'listDeliveries', as: 'operator', input: (startAfter) => ({ startAfter }), keys: (v) => ({ l: 'deliveries', v, i: ROW_ID }) },
  ];

  it('a cursor date with an impossible zone, an impossible calendar date or a NUL byte is a 400 on every cursor-taking function', async () => {
    for (const c of cases()) {
      const caller = c.as === 'operator' ? cast.globalAdmin : cast.member;
      for (const [what, date] of BAD_DATES) {
        const res = await t.callRaw(c.fn, c.input(cursorOf(c.keys(date))), caller);
        expect(`${c.fn} ${what}: ${res.status}`).toBe(`${c.fn} ${what}: 400`);
        expect(res.error?.status).toBe('INVALID_ARGUMENT');
        expect(JSON.stringify(res.error)).not.toMatch(LEAK);
      }
    }
    expect(errorLog).toEqual([]);
  });

  it('a cursor the server wrote still pages (the check refuses only what no server writes)', async () => {
    for (let n = 0; n < 3; n += 1) {
      await t.call('submitTicket', { subject: `Paged ${n}`, description: 'x', priority: 'low', accountId: cast.accountId }, cast.member);
    }
    const first = await t.callRaw<{ tickets: { ticketId: string }[]; nextCursor: string | null }>('listMyTickets', { limit: 2 }, cast.member);
    expect(first.status).toBe(200);
    expect(first.result.nextCursor).toBeTruthy();
    const second = await t.callRaw<{ tickets: unknown[] }>('listMyTickets', { limit: 2, cursor: first.result.nextCursor }, cast.member);
    expect(second.status).toBe(200);
    expect(second.result.tickets.length).toBeGreaterThan(0);
  });

  it('a NUL byte in a live topic is a 400 on every topic, as the functions answer it, before any query; other odd ids answer as the reading function does (4xx)', async () => {
    for (const prefix of ['ticket', 'domain-order', 'billing']) {
      for (const [value, token] of [['%00', cast.owner.token], ['abc%00def', cast.owner.token], [`${cast.accountId}%00`, cast.owner.token], ['%00', undefined]] as const) {
        const res = await t.app.inject({ method: 'GET', url: `/api/live/${prefix}/${value}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
        expect(`${prefix}/${value}: ${res.statusCode}`).toBe(`${prefix}/${value}: 400`);
        expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Text must not contain NUL characters.' } });
      }
      for (const value of ['%27%20or%201%3D1', 'a%0Ab', '%ED%A0%80', 'x'.repeat(200)]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/live/${prefix}/${value}`, headers: { authorization: `Bearer ${cast.owner.token}` } });
        expect(`${prefix}/${value}: ${res.statusCode}`).toMatch(new RegExp(`^${prefix}/.*: (400|403|404)$`));
        expect(res.body).not.toMatch(LEAK);
      }
    }
    expect(errorLog).toEqual([]);
  });

  it('a URL that does not decode (invalid UTF-8) is a 400 in the protocol\'s shape, not Fastify\'s own body', async () => {
    for (const url of ['/api/live/ticket/%ED%A0%80', '/api/fn/getProfile%FF', '/api/docs%C3%28']) {
      const res = await t.app.inject({ method: url.startsWith('/api/fn/') ? 'POST' : 'GET', url, headers: { 'content-type': 'application/json' }, payload: url.startsWith('/api/fn/') ? '{"data":{}}' : undefined });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'The address is not valid: check its percent-encoding.' } });
    }
  });
});
