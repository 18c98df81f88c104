import { afterAll, beforeAll, expect, it } from 'vitest';
import { passwordHasher } from '../../src/server/auth/password.ts';
import { loadConfig } from '../../src/server/config.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp } from '../support/testApp.ts';

const PRODUCTION_COST = loadConfig({ DATA_DIR: '.test-data/password-cost', AUTH_SECRET: 'x'.repeat(32) }).passwordHashCost;

describeEachDialect('password storage', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { config: { passwordHashCost: PRODUCTION_COST } }); });
  afterAll(async () => { await t.stop(); });

  const storedHash = async (userId: string) => (await t.services.db.selectFrom('auth_identity').select('password')
    .where('user_id', '=', userId).where('provider_id', '=', 'credential').executeTakeFirstOrThrow()).password!;
  const signIn = (email: string, password: string) => t.app.inject({
    method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: { email, password },
  });

  it('the production config hashes with scrypt N=2^17, r=8, p=1', async () => {
    expect(PRODUCTION_COST).toBe(2 ** 17);
    const user = await t.signUp({ password: 'correct horse battery' });
    const hash = await storedHash(user.id);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(hash).not.toContain('correct horse battery');
    expect((await signIn(user.email, 'correct horse battery')).statusCode).toBe(200);
  });

  it('a hash made with a lower cost still verifies, because the parameters travel with it', async () => {
    const user = await t.signUp({ password: 'first passphrase here' });
    const cheap = await passwordHasher(2 ** 10).hash('an older passphrase');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    await t.services.db.updateTable('auth_identity').set({ password: cheap })
      .where('user_id', '=', user.id).where('provider_id', '=', 'credential').execute();
    expect((await signIn(user.email, 'an older passphrase')).statusCode).toBe(200);
    expect((await signIn(user.email, 'first passphrase here')).statusCode).toBe(401);
  });

  it('a malformed stored hash refuses the sign-in instead of failing the server', async () => {
    const user = await t.signUp({ password: 'some passphrase here' });
    await t.services.db.updateTable('auth_identity').set({ password: 'bcrypt$whatever' })
      .where('user_id', '=', user.id).where('provider_id', '=', 'credential').execute();
    expect((await signIn(user.email, 'some passphrase here')).statusCode).toBe(401);
  });
});
