import type { FastifyBaseLogger } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { ensureSuperAdmin } from '../../src/server/auth/bootstrapAdmin.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestAppOptions } from '../support/testApp.ts';

/** Collects what ensureSuperAdmin logs, as an operator would read it. */
function recordingLog() {
  const lines: { level: string; text: string }[] = [];
  const record = (level: string) => (a: unknown, b?: unknown) => {
    lines.push({ level, text: typeof a === 'string' ? a : `${JSON.stringify(a)} ${b ?? ''}` });
  };
  const log = { info: record('info'), warn: record('warn'), error: record('error'), debug: record('debug') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describeEachDialect('super admin bootstrap and migrations', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => { await t?.stop(); t = null; });
  const start = async (options?: TestAppOptions) => (t = await startTestApp(dialect, options));
  const signIn = (app: TestApp, email: string, password: string) => app.app.inject({
    method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: { email, password },
  });
  const userCount = async (app: TestApp) => Number((await app.services.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('creates the super admin from ADMIN_EMAIL / ADMIN_PASSWORD and never logs the password', async () => {
    const app = await start({ env: { ADMIN_EMAIL: 'Ops@Example.test', ADMIN_PASSWORD: 'a long admin passphrase' } });
    const { log, lines } = recordingLog();
    const created = await ensureSuperAdmin({ db: app.services.db, auth: app.auth, config: app.services.config, log });
    expect(created?.email).toBe('ops@example.test');
    const row = await app.services.db.selectFrom('users').selectAll().where('email', '=', 'ops@example.test').executeTakeFirstOrThrow();
    expect(row.role).toBe('super_admin');
    // The operator configured the address: it counts as verified and no verification mail goes out.
    expect(Boolean(row.email_verified)).toBe(true);
    expect(await app.outbox('ops@example.test')).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('a long admin passphrase');
    const res = await signIn(app, 'ops@example.test', 'a long admin passphrase');
    expect(res.statusCode).toBe(200);
    expect((await app.call('getSessionState', {}, res.json().token)).result.globalRole).toBe('super_admin');
  });

  it('without ADMIN_PASSWORD generates one and prints it once in the log', async () => {
    const app = await start();
    const { log, lines } = recordingLog();
    await ensureSuperAdmin({ db: app.services.db, auth: app.auth, config: app.services.config, log });
    const notice = lines.find((l) => l.level === 'warn' && l.text.startsWith('Super admin created.'));
    expect(notice?.text).toMatch(/Sign in at http:\/\/localhost:3000\/login as admin@localhost\.localdomain with password \S+ and change it\./);
    const password = notice!.text.match(/with password (\S+) and change it/)![1];
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await signIn(app, 'admin@localhost.localdomain', password)).statusCode).toBe(200);

    // A second start finds users and creates nothing, logging nothing about a password.
    const second = recordingLog();
    expect(await ensureSuperAdmin({ db: app.services.db, auth: app.auth, config: app.services.config, log: second.log })).toBeNull();
    expect(await userCount(app)).toBe(1);
    expect(second.lines).toEqual([]);
  });

  it('creates nothing when users already exist', async () => {
    const app = await start({ env: { ADMIN_EMAIL: 'ops@example.test', ADMIN_PASSWORD: 'a long admin passphrase' } });
    await app.signUp();
    expect(await ensureSuperAdmin({ db: app.services.db, auth: app.auth, config: app.services.config, log: recordingLog().log })).toBeNull();
    expect(await userCount(app)).toBe(1);
  });

  it('a second migrateToLatest on a migrated database applies nothing and keeps the data', async () => {
    const app = await start();
    const user = await app.signUp();
    expect(await migrateToLatest(app.services.db)).toEqual([]);
    expect((await app.call('getSessionState', {}, user)).status).toBe(200);
  });
});
