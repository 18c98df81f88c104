import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, clientOf, newClientAddress, type Route } from './support/api.ts';
import { type Cluster, startCluster } from './support/cluster.ts';

/** Searches a user may make in a minute: 1,000 points, 5 a search (src/server/rpc/functionLimits.ts). */
const SEARCHES_PER_MINUTE = 200;

describe('scaled mode: sessions and rate limits are shared by both instances', () => {
  let cluster: Cluster;
  let api: Client;
  const viaNginx = (pin?: 'a' | 'b', address = newClientAddress()): Route => ({ base: cluster.url, pin, address });

  beforeAll(async () => {
    cluster = await startCluster();
    api = clientOf(cluster.url);
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  // The processes' own output explains a failure the answers alone cannot (a crash, a refused start).
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.error(cluster.logs().slice(-20_000))));

  it('a session made through instance A works on instance B, and signing out on B ends it on A', async () => {
    const address = newClientAddress();
    const customer = await api.newCustomer(viaNginx('a', address), 'session');
    const session = await api.signIn(viaNginx('a', address), customer.email, customer.password);
    expect(session.upstream).toBe(`127.0.0.1:${cluster.a.port}`);

    const onB = await api.call(viaNginx('b', address), 'listMyAccounts', {}, session);
    expect(onB.status).toBe(200);
    expect(onB.upstream).toBe(`127.0.0.1:${cluster.b.port}`);
    expect((onB.body.result as { accounts: { id: string }[] }).accounts.map((a) => a.id)).toEqual([customer.accountId]);
    // Straight to B, without nginx: the cookie itself is what B accepts.
    const direct = await api.call({ base: cluster.b.url }, 'getAccount', { accountId: customer.accountId }, session);
    expect(direct.status).toBe(200);

    const signOut = await fetch(`${cluster.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: cluster.url, cookie: session.cookie, 'x-portal-instance': 'b', 'x-forwarded-for': address, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect(signOut.headers.get('x-portal-upstream')).toBe(`127.0.0.1:${cluster.b.port}`);
    const afterSignOut = await api.call(viaNginx('a', address), 'listMyAccounts', {}, session);
    expect(afterSignOut.status).toBe(401);
    expect(afterSignOut.upstream).toBe(`127.0.0.1:${cluster.a.port}`);
  });

  it(`counts searches across both instances: the ${SEARCHES_PER_MINUTE + 1}st in a minute gets 429 with Retry-After on either`, async () => {
    const address = newClientAddress();
    const customer = await api.newCustomer(viaNginx('a', address), 'limits');
    // Creating the account spent 5 of this user's points; the budget under test starts empty, as a
    // minute later it would (rate-limiter-flexible's row for the user; the address has its own).
    await sql`delete from function_rate_limits where key = ${`fn:user:${customer.userId}`}`.execute(cluster.database.db);

    const statuses: Record<string, number[]> = { a: [], b: [] };
    // Ten at a time, alternating instances: the counts must meet in the shared store, not per process.
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => {
        const pin = (i + j) % 2 === 0 ? 'a' : 'b';
        return api.call(viaNginx(pin, address), 'searchDomains', { query: `scaled-limit-${i + j}`, tlds: ['com'], accountId: customer.accountId }, customer)
          .then((answer) => statuses[pin].push(answer.status));
      });
      await Promise.all(batch);
    }
    expect(statuses.a).toHaveLength(SEARCHES_PER_MINUTE / 2);
    expect(statuses.b).toHaveLength(SEARCHES_PER_MINUTE / 2);
    expect([...statuses.a, ...statuses.b].every((s) => s === 200)).toBe(true);

    for (const pin of ['a', 'b'] as const) {
      const refused = await api.call(viaNginx(pin, address), 'searchDomains', { query: 'scaled-limit-over', tlds: ['com'], accountId: customer.accountId }, customer);
      expect(refused.status).toBe(429);
      expect(refused.upstream).toBe(`127.0.0.1:${cluster[pin].port}`);
      expect(refused.body.error?.status).toBe('RESOURCE_EXHAUSTED');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // A read by someone else from the same network is not refused: the limit is this user's.
    const other = await api.newCustomer(viaNginx('b'), 'limits-other');
    expect((await api.call(viaNginx('b'), 'listMyAccounts', {}, other)).status).toBe(200);
  });
});
