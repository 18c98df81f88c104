import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';
const PROXY = '192.0.2.10';

/**
 * Behind a proxy the client's address is the X-Forwarded-For entry the nearest trusted proxy
 * wrote; entries before it are the client's own words. Thirty wrong passwords, each with a new
 * spoofed left-most entry, must still meet the sign-in limit (issue 20).
 */
for (const [name, trust] of [['the proxies\' addresses', PROXY], ['a hop count', '1']] as const) {
  describeEachDialect(`TRUST_PROXY as ${name}`, (dialect) => {
    let t: TestApp;
    beforeAll(async () => { t = await startTestApp(dialect, { env: { TRUST_PROXY: trust } }); });
    afterAll(async () => { await t.stop(); });

    const signIn = (email: string, password: string, from: { peer: string; forwardedFor?: string }) => t.app.inject({
      method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: from.peer,
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
      payload: JSON.stringify({ email, password }),
    });

    it('a rotating spoofed X-Forwarded-For chain does not escape the sign-in limit', async () => {
      const user = await t.signUp({ password: PASSWORD });
      const client = nextClientIp();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        // The client wrote the first entry; the proxy appended the address it saw. Each guess names
        // another account, so only the per-address limit can stop them (not the per-account one).
        statuses.push((await signIn(`guess-${i}-${user.email}`, `wrong ${i}`, { peer: PROXY, forwardedFor: `${nextClientIp()}, ${client}` })).statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      // Another client behind the same proxy is not held back by the first one's failures.
      expect((await signIn(user.email, PASSWORD, { peer: PROXY, forwardedFor: nextClientIp() })).statusCode).toBe(200);
    });
  });
}

describeEachDialect('TRUST_PROXY naming the proxy, a client that connects directly', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { env: { TRUST_PROXY: PROXY } }); });
  afterAll(async () => { await t.stop(); });

  it('is counted by its own address, whatever X-Forwarded-For it sends', async () => {
    const user = await t.signUp({ password: PASSWORD });
    const direct = nextClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: direct,
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': `${nextClientIp()}, ${nextClientIp()}` },
        payload: JSON.stringify({ email: `guess-${i}-${user.email}`, password: `wrong ${i}` }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
