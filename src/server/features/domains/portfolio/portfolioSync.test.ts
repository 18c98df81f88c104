import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { createNamecheapRegistrar } from '../../../integrations/registrars/namecheap/namecheapRegistrar.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers, createUser } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { type EnomFake, startEnomFake } from '../../../../../test/support/registrars/enom.fake.ts';
import {
  NAMECHEAP_RATE_LIMIT_ERROR, type NamecheapFake, namecheapFakeCredentials, namecheapFakeEnv, startNamecheapFake,
} from '../../../../../test/support/registrars/namecheap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import type { RegistrarId } from '../../../integrations/registrars/registrar.ts';
import { insertDomain } from '../records.ts';
import type { Pacing } from './rateLimiter.ts';
import { REGISTRAR_DNS } from './compare.ts';
import { REGISTRAR_RATE_LIMITS } from './rateLimits.ts';
import { PORTFOLIO_NIGHTLY_CRON, PORTFOLIO_NIGHTLY_QUEUE, registerPortfolioWorker } from './job.ts';
import { runPortfolioSync } from './sync.ts';
import { NAMECHEAP_AUTO_RENEW_ACTION } from './texts.ts';

const DAY = 86_400_000;
const NAMECHEAP_DOMAINS = 230;

/** Each registrar's own time, moved only by the sync's limiter waiting: the published limits hold, no test sleeps. */
function virtualTime(start: number): Pacing & { advance(ms: number): void } {
  let at = start;
  return { now: () => at, sleep: async (ms) => { at += ms; }, advance: (ms) => { at += ms; } };
}

/**
 * The nightly portfolio sync against the three registrar fakes, each with its published rate
 * limits (issue 18, point 11): differences are recorded, the registrars' own auto-renew is turned
 * off (or left to an operator at Namecheap), and no call is refused for going too fast.
 */
describeEachDialect('the nightly portfolio sync', (dialect) => {
  let t: TestApp;
  let namecheap: NamecheapFake;
  let dynadot: FakeDynadot;
  let enom: EnomFake;
  let a: AccountWithMembers;
  let operator: TestUser;
  let customer: TestUser;
  const start = Date.now();
  const time: Record<Exclude<RegistrarId, 'sandbox'>, ReturnType<typeof virtualTime>> = { namecheap: virtualTime(start), dynadot: virtualTime(start), enom: virtualTime(start), cloudflare: virtualTime(start) };
  const expiry = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 15));
  const ids = new Map<string, string>();

  async function ours(name: string, supplierId: string, fields: { expirationDate?: Date; nameservers?: string[]; locked?: boolean } = {}) {
    const id = `dom_${randomBytes(9).toString('base64url')}`;
    ids.set(name, id);
    await insertDomain(t.services.db, {
      id, accountId: a.accountId, name, tld: name.slice(name.indexOf('.') + 1), supplierId, registrationId: null,
      registrationDate: new Date(expiry.getTime() - 365 * DAY).toISOString(), expirationDate: (fields.expirationDate ?? expiry).toISOString(),
      autoRenew: true, privacy: false, locked: fields.locked ?? true, nameservers: fields.nameservers ?? ['ns1.ours.example', 'ns2.ours.example'],
      contacts: null, now: new Date().toISOString(),
    });
  }

  beforeAll(async () => {
    const limit = (id: Exclude<RegistrarId, 'sandbox'>) => ({ windows: REGISTRAR_RATE_LIMITS[id].windows, now: time[id].now });
    [namecheap, dynadot, enom] = await Promise.all([
      startNamecheapFake(namecheapFakeCredentials, { rateLimit: limit('namecheap') }),
      startFakeDynadot(DYNADOT_FAKE_KEY, { rateLimit: limit('dynadot') }),
      startEnomFake({ rateLimit: limit('enom') }),
    ]);
    const env = {
      ...Object.fromEntries(Object.entries(namecheapFakeEnv(namecheap.url)).filter(([name]) => name.startsWith('NAMECHEAP_'))),
      DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url, ENOM_UID: enom.uid, ENOM_PW: enom.pw, ENOM_API_URL: enom.url,
    };
    t = await startTestApp(dialect, { env });
    [a, operator, customer] = await Promise.all([accountWithMembers(t), signUpOperator(t), createUser(t)]);
    for (const [id, name] of [['namecheap', 'Namecheap'], ['dynadot', 'Dynadot'], ['enom', 'Enom']]) await seedSupplier(t.services.db, { id: id!, name: name! }, []);

    // Namecheap: more than two getList pages, and more getInfo calls than its minute and hour allow.
    const ns = ['ns1.ours.example', 'ns2.ours.example'];
    for (let i = 0; i < NAMECHEAP_DOMAINS; i++) {
      const name = `nc-${String(i).padStart(3, '0')}.com`;
      namecheap.seedDomain(name, { expires: expiry, nameservers: ns, locked: true });
      await ours(name, 'namecheap');
    }
    namecheap.seedDomain('nc-expiry.com', { expires: new Date(expiry.getTime() + 365 * DAY), nameservers: ns, locked: true });
    await ours('nc-expiry.com', 'namecheap');
    namecheap.seedDomain('nc-ns.com', { expires: expiry, nameservers: ['ns1.elsewhere.example', 'ns2.elsewhere.example'], locked: true });
    await ours('nc-ns.com', 'namecheap');
    namecheap.seedDomain('nc-autorenew.com', { expires: expiry, nameservers: ns, locked: true, autoRenew: true });
    await ours('nc-autorenew.com', 'namecheap');
    await ours('nc-gone.com', 'namecheap');
    // Back on Namecheap's own DNS: the list's IsOurDNS tells, no getInfo needed.
    namecheap.seedDomain('nc-default-dns.com', { expires: expiry, nameservers: [], locked: true });
    await ours('nc-default-dns.com', 'namecheap');

    dynadot.seedDomain('dy-same.com', { expiresMs: expiry.getTime(), nameservers: ns, locked: true, renewOption: 'donot' });
    await ours('dy-same.com', 'dynadot');
    dynadot.seedDomain('dy-lock.com', { expiresMs: expiry.getTime(), nameservers: ns, locked: false, renewOption: 'donot' });
    await ours('dy-lock.com', 'dynadot');
    dynadot.seedDomain('dy-auto.com', { expiresMs: expiry.getTime(), nameservers: ns, locked: true, renewOption: 'auto' });
    await ours('dy-auto.com', 'dynadot');

    enom.seedDomain('en-same.com', { expiresAt: expiry, nameservers: ns, locked: true, autoRenew: false });
    await ours('en-same.com', 'enom');
    enom.seedDomain('en-auto.com', { expiresAt: expiry, nameservers: ns, locked: true, autoRenew: true });
    await ours('en-auto.com', 'enom');
    enom.seedDomain('en-expiry.com', { expiresAt: new Date(expiry.getTime() - 30 * DAY), nameservers: ns, locked: true });
    await ours('en-expiry.com', 'enom');
  });
  afterAll(async () => {
    await t.stop();
    await Promise.all([namecheap.close(), dynadot.close(), enom.close()]);
  });

  const sync = () => runPortfolioSync(t.services, {
    requestedBy: null, pacingFor: (id) => time[id as Exclude<RegistrarId, 'sandbox'>], infoReadsPerNight: { namecheap: NAMECHEAP_DOMAINS + 10, enom: 10 },
  });
  const page = async () => {
    const res = await t.call('getPortfolioSync', {}, operator);
    expect(res.status).toBe(200);
    return res.result;
  };
  const differenceOf = <T extends { domain: string }>(differences: T[], domain: string) => differences.filter((d) => d.domain === domain);

  it('a fake refuses calls above its published limit the registrar\'s way (the control for what follows)', async () => {
    const own = await startNamecheapFake(namecheapFakeCredentials, { rateLimit: { windows: REGISTRAR_RATE_LIMITS.namecheap.windows, now: () => 0 } });
    const adapter = createNamecheapRegistrar(loadConfig({ ...namecheapFakeEnv(own.url), DATA_DIR: mkdtempSync(join(tmpdir(), 'nc-limit-')) }))!;
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await adapter.listDomainPage!(1).then(() => 'ok', (error: { details?: { code?: string } }) => error.details?.code));
    await own.close();
    expect(answers.slice(0, 20).every((x) => x === 'ok')).toBe(true);
    expect(answers[20]).toBe(NAMECHEAP_RATE_LIMIT_ERROR);
  });

  it('records expiry, nameserver, lock and listing differences, within every registrar\'s limits', async () => {
    const summary = await sync();
    expect(summary.registrars.map((r) => [r.id, r.error])).toEqual(expect.arrayContaining([['namecheap', null], ['dynadot', null], ['enom', null]]));
    for (const fake of [namecheap, dynadot, enom]) {
      const report = fake.rateLimit.report();
      expect(report.refused).toBe(0);
      for (const peak of report.peaks) expect(peak.seen).toBeLessThanOrEqual(peak.max);
    }
    // The sync's share of Namecheap's minute and hour (15 of 20, 525 of 700) was used up: it waited instead of being refused.
    const [minute, hour] = namecheap.rateLimit.report().peaks;
    expect(minute!.seen).toBeGreaterThanOrEqual(13);
    expect(minute!.seen).toBeLessThanOrEqual(15);
    expect(hour!.seen).toBeGreaterThanOrEqual(520);
    expect(hour!.seen).toBeLessThanOrEqual(525);
    expect(namecheap.rateLimit.report().admitted).toBeGreaterThan(700);

    const { differences, lastRun } = await page();
    expect(differenceOf(differences, 'nc-expiry.com')).toEqual([expect.objectContaining({ field: 'expiry', registrar: 'Namecheap', ours: expiry.toISOString().slice(0, 10), theirs: new Date(expiry.getTime() + 365 * DAY).toISOString().slice(0, 10), action: null })]);
    expect(differenceOf(differences, 'nc-ns.com')).toEqual([expect.objectContaining({ field: 'nameservers', ours: 'ns1.ours.example, ns2.ours.example', theirs: 'ns1.elsewhere.example, ns2.elsewhere.example' })]);
    expect(differenceOf(differences, 'nc-default-dns.com')).toEqual([expect.objectContaining({ field: 'nameservers', theirs: REGISTRAR_DNS })]);
    expect(differenceOf(differences, 'nc-gone.com')).toEqual([expect.objectContaining({ field: 'listed', theirs: 'not in the account', action: expect.stringContaining('Namecheap does not list this domain') })]);
    expect(differenceOf(differences, 'dy-lock.com')).toEqual([expect.objectContaining({ field: 'locked', registrar: 'Dynadot', ours: 'on', theirs: 'off' })]);
    expect(differenceOf(differences, 'en-expiry.com')).toEqual([expect.objectContaining({ field: 'expiry', registrar: 'Enom' })]);
    for (const same of ['nc-000.com', 'nc-229.com', 'dy-same.com', 'en-same.com']) expect(differenceOf(differences, same)).toEqual([]);
    expect(lastRun).toMatchObject({ status: 'succeeded', done: NAMECHEAP_DOMAINS + 5 + 3 + 3, total: NAMECHEAP_DOMAINS + 5 + 3 + 3, startedAt: expect.any(String), finishedAt: expect.any(String) });
  });

  it('turns the registrar\'s own auto-renew off at Dynadot and Enom, and leaves Namecheap\'s to an operator with a sentence', async () => {
    expect(dynadot.domains.get('dy-auto.com')!.renewOption).toBe('donot');
    expect(enom.domains.get('en-auto.com')!.autoRenew).toBe(false);
    const { differences, lastRun } = await page();
    expect(differenceOf(differences, 'dy-auto.com')).toEqual([]);
    expect(differenceOf(differences, 'en-auto.com')).toEqual([]);
    expect(differenceOf(differences, 'nc-autorenew.com')).toEqual([expect.objectContaining({
      field: 'registrarAutoRenew', ours: 'off', theirs: 'on', action: NAMECHEAP_AUTO_RENEW_ACTION,
    })]);
    // Those needing an operator come first.
    expect(differences[0]!.action).not.toBeNull();
    expect(lastRun!.registrars.find((r) => r.id === 'dynadot')).toMatchObject({ autoRenewTurnedOff: 1 });
    expect(lastRun!.registrars.find((r) => r.id === 'enom')).toMatchObject({ autoRenewTurnedOff: 1 });
  });

  it('the next night keeps what persists (first seen unchanged) and drops what was put right', async () => {
    const before = await page();
    const firstSeen = differenceOf(before.differences, 'nc-autorenew.com')[0]!.firstSeenAt;
    dynadot.domains.get('dy-lock.com')!.locked = true;
    await t.services.db.updateTable('domains').set({ expiration_date: new Date(expiry.getTime() - 30 * DAY).toISOString() }).where('id', '=', ids.get('en-expiry.com')!).execute();
    // The next night: a day later at every registrar.
    for (const clock of Object.values(time)) clock.advance(DAY);
    await sync();
    const after = await page();
    expect(differenceOf(after.differences, 'dy-lock.com')).toEqual([]);
    expect(differenceOf(after.differences, 'en-expiry.com')).toEqual([]);
    expect(differenceOf(after.differences, 'nc-autorenew.com')[0]!.firstSeenAt).toBe(firstSeen);
    for (const fake of [namecheap, dynadot, enom]) expect(fake.rateLimit.report().refused).toBe(0);
  });

  it('holds no transaction while a registrar answers: a customer\'s ticket is stored meanwhile', async () => {
    for (const clock of Object.values(time)) clock.advance(DAY);
    const hold = dynadot.http.hold(10_000);
    let answered = false;
    const running = sync().finally(() => { answered = true; });
    await hold.arrived;
    const ticket = await t.call('submitTicket', { subject: 'Still here', description: 'Writes go on.', priority: 'low', accountId: a.accountId }, a.owner);
    expect(ticket.status).toBe(200);
    expect(answered).toBe(false);
    hold.release();
    expect((await running).registrars.map((r) => r.error)).toEqual([null, null, null]);
    for (const fake of [namecheap, dynadot, enom]) expect(fake.rateLimit.report().refused).toBe(0);
  });

  it('is the back office\'s alone: a customer gets 403 on the page and on Run now', async () => {
    expect((await t.call('getPortfolioSync', {}, customer)).status).toBe(403);
    expect((await t.call('runPortfolioSyncNow', {}, customer)).status).toBe(403);
    expect((await t.call('getPortfolioSync', {}, null)).status).toBe(401);
  });

  it('is scheduled nightly, and the nightly job hands over to the sync\'s own queue', async () => {
    await registerPortfolioWorker(t.services.jobs, t.services);
    const schedule = await t.services.db.selectFrom('job_schedules').selectAll().where('name', '=', PORTFOLIO_NIGHTLY_QUEUE).executeTakeFirst();
    expect(schedule).toMatchObject({ cron: PORTFOLIO_NIGHTLY_CRON });
  });

  it('Run now queues one sync; a second request while it waits is told so', async () => {
    const first = await t.call('runPortfolioSyncNow', {}, operator);
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({ queued: true });
    const second = await t.call('runPortfolioSyncNow', {}, operator);
    expect(second.result).toMatchObject({ queued: false, message: 'A portfolio sync is already queued or running.' });
  });
});
