import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyRequests } from '../../src/server/rpc/functionLimits.ts';
import { seedSandboxSupplier } from '../support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { describeEachDialect, nextClientIp, type SharedTestDatabase, sharedTestDatabase, startTestApp, type TestApp } from '../support/testApp.ts';

const redisUrl = process.env.TEST_REDIS_URL;

const searchAs = (app: TestApp, cast: AccountWithMembers, query: string, from: string) => app.app.inject({
  method: 'POST', url: '/api/fn/searchDomains', remoteAddress: from,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.owner.token}` },
  payload: JSON.stringify({ data: { query, accountId: cast.accountId } }),
});

/**
 * With REDIS_URL set, the function rate limits count in Redis (issue 20): two instances behind a
 * balancer spend one budget, and the database's counter table stays untouched.
 */
describe.runIf(redisUrl)('function rate limits in Redis', () => {
  describeEachDialect('two instances on one Redis', (dialect) => {
    const keyPrefix = `test-${randomBytes(6).toString('hex')}`;
    let shared: SharedTestDatabase;
    let a: TestApp;
    let b: TestApp;
    let cast: AccountWithMembers;
    let redis: Redis;
    beforeAll(async () => {
      shared = await sharedTestDatabase(dialect);
      const options = { database: shared, env: { FUNCTION_RATE_LIMITS: 'on', REDIS_URL: redisUrl! }, config: { functionLimits: { keyPrefix } } };
      a = await startTestApp(dialect, options);
      b = await startTestApp(dialect, options);
      cast = await accountWithMembers(a);
      await seedSandboxSupplier(a.services.db);
      redis = new Redis(redisUrl!);
    });
    afterAll(async () => {
      await a.stop();
      await b.stop();
      await shared.drop();
      await redis.quit();
    });

    it('the 201st search across both instances gets 429 with Retry-After', async () => {
      const address = nextClientIp();
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await searchAs(i % 2 ? a : b, cast, `redis-probe-${i}`, address)).statusCode);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const refused = await searchAs(b, cast, 'redis-probe-201', nextClientIp());
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: tooManyRequests(seconds) } });
      // The counters are Redis keys (the refused call counted too); the database's table was not written.
      expect(Number(await redis.get(`${keyPrefix}:user:${cast.owner.id}`))).toBe(1005);
      // The table belongs to rate-limiter-flexible, not to the typed schema.
      const { rows } = await sql<{ n: number }>`select count(*) as n from function_rate_limits`.execute(a.services.db);
      expect(Number(rows[0].n)).toBe(0);
    });
  });
});

describeEachDialect('function rate limits with Redis down', (dialect) => {
  let t: TestApp;
  let cast: AccountWithMembers;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails.
    t = await startTestApp(dialect, {
      env: { FUNCTION_RATE_LIMITS: 'on', REDIS_URL: 'redis://127.0.0.1:1' },
      config: { functionLimits: { userPointsPerMinute: 5, addressPointsPerMinute: 5 } },
    });
    cast = await accountWithMembers(t);
    await seedSandboxSupplier(t.services.db);
  });
  afterAll(async () => { await t.stop(); });

  it('fails open: calls over what the budget would allow are answered, not refused or failed', async () => {
    const address = nextClientIp();
    // A budget of 5 points would refuse the second search (5 points each) if anything counted it.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await searchAs(t, cast, `redis-down-${i}`, address)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
  });
});
