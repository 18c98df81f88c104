import { afterAll, beforeAll, expect, it } from 'vitest';
import { tooManyRequests } from '../../src/server/rpc/functionLimits.ts';
import { seedSandboxSupplier } from '../support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { describeEachDialect, nextClientIp, type SharedTestDatabase, sharedTestDatabase, startTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Rate limits on functions (issue 20): a budget per user and per address, counted in the database
 * so that every instance of a scaled deployment shares it, and a search (registrar calls) costs
 * more than a read. Before them, 200 domain searches ran in 3.5 s, each an API call.
 */
describeEachDialect('function rate limits', (dialect) => {
  let shared: SharedTestDatabase;
  let a: TestApp;
  let b: TestApp;
  let cast: AccountWithMembers;
  beforeAll(async () => {
    shared = await sharedTestDatabase(dialect);
    // Two instances on one database, as behind a load balancer.
    a = await startTestApp(dialect, { database: shared, env: { FUNCTION_RATE_LIMITS: 'on' } });
    b = await startTestApp(dialect, { database: shared, env: { FUNCTION_RATE_LIMITS: 'on' } });
    cast = await accountWithMembers(a);
    await seedSandboxSupplier(a.services.db);
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
    await shared.drop();
  });

  const search = (app: TestApp, query: string, from = '203.0.113.50') => app.app.inject({
    method: 'POST', url: '/api/fn/searchDomains', remoteAddress: from,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.owner.token}` },
    payload: JSON.stringify({ data: { query, accountId: cast.accountId } }),
  });

  it('the 201st search in a minute gets 429 with Retry-After, whichever instance each call reached', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await search(i % 2 ? a : b, `limit-probe-${i}`)).statusCode);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const refused = await search(a, 'limit-probe-201', nextClientIp());
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: tooManyRequests(seconds) } });
    // The budget is the user's: another member of the same account still searches.
    const other = await a.app.inject({
      method: 'POST', url: '/api/fn/searchDomains', remoteAddress: nextClientIp(),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.member.token}` },
      payload: JSON.stringify({ data: { query: 'limit-probe-member', accountId: cast.accountId } }),
    });
    expect(other.statusCode).toBe(200);
  });
});

describeEachDialect('function rate limits per address', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { env: { FUNCTION_RATE_LIMITS: 'on' }, config: { functionLimits: { addressPointsPerMinute: 20 } } });
  });
  afterAll(async () => { await t.stop(); });

  const signedOutCall = (from: string) => t.app.inject({
    method: 'POST', url: '/api/fn/getSessionState', remoteAddress: from,
    headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ data: {} }),
  });

  it('signed-out callers are counted by address: one address runs out, another does not', async () => {
    const address = nextClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await signedOutCall(address)).statusCode);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect(statuses.slice(0, 20).includes(429)).toBe(false);
    expect((await signedOutCall(nextClientIp())).statusCode).not.toBe(429);
  });
});
