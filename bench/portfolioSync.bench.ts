/**
 * The nightly portfolio sync (issue 18) over 100,000 domains spread over the three registrar
 * fakes, each refusing calls above its published rate limits. The limits' windows are scaled
 * (--scale 60: a minute lasts a second, an hour a minute) so the run takes about a minute; the
 * real-time projection multiplies the wall time back. --scale 0 lifts every limit: the sync's own
 * speed (lists, comparison, writes) without waiting.
 *
 *   npm run bench:portfolio -- [--domains 100000] [--scale 60] [--file bench/.data/portfolio.sqlite]
 *
 * Prints domains/s, wall time, calls per registrar, the most calls seen in any window at each
 * fake beside its limit, refusals (must be 0) and what the sync found against what was planted.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { runPortfolioSync } from '../src/server/features/domains/portfolio/sync.ts';
import { realTime } from '../src/server/features/domains/portfolio/rateLimiter.ts';
import { REGISTRAR_RATE_LIMITS, scaleLimits } from '../src/server/features/domains/portfolio/rateLimits.ts';
import { createServices } from '../src/server/services.ts';
import { DYNADOT_FAKE_KEY, startFakeDynadot } from '../test/support/registrars/dynadot.fake.ts';
import { startEnomFake } from '../test/support/registrars/enom.fake.ts';
import { namecheapFakeCredentials, namecheapFakeEnv, startNamecheapFake } from '../test/support/registrars/namecheap.fake.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';
import { seedPortfolio } from './portfolioSyncData.ts';

const flags = readFlags(process.argv.slice(2), { domains: '100000', scale: '60', file: '' });
const count = Math.floor(positiveNumber(flags, 'domains'));
const speedUp = Number(flags.scale);
if (!Number.isFinite(speedUp) || speedUp < 0) throw new Error('--scale must be 0 (no limits) or a positive number');
/** The windows' length factor: 1/60 at --scale 60. */
const timeScale = speedUp === 0 ? 0 : 1 / speedUp;

const fakeLimit = (id: keyof typeof REGISTRAR_RATE_LIMITS) => ({ windows: scaleLimits(REGISTRAR_RATE_LIMITS[id], timeScale).windows });
const [namecheap, dynadot, enom] = await Promise.all([
  startNamecheapFake(namecheapFakeCredentials, { rateLimit: fakeLimit('namecheap') }),
  startFakeDynadot(DYNADOT_FAKE_KEY, { rateLimit: fakeLimit('dynadot') }),
  startEnomFake({ rateLimit: fakeLimit('enom') }),
]);

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-portfolio-'));
if (flags.file) mkdirSync(join(flags.file, '..'), { recursive: true });
const database = openDatabase(flags.file ? { sqliteFile: flags.file } : { dataDir });
await migrateToLatest(database.db);
const config = loadConfig({
  DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: 'portfolio-bench-'.padEnd(40, 'x'),
  ...Object.fromEntries(Object.entries(namecheapFakeEnv(namecheap.url)).filter(([name]) => name.startsWith('NAMECHEAP_'))),
  DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url, ENOM_UID: enom.uid, ENOM_PW: enom.pw, ENOM_API_URL: enom.url,
});
const services = createServices({ database, config, log: pino({ level: 'silent' }) });

const seedStart = performance.now();
const planted = await seedPortfolio(database.db, { namecheap, dynadot, enom }, count, Date.now());
console.log(`data: ${count} domains (namecheap ${planted.perRegistrar.namecheap}, dynadot ${planted.perRegistrar.dynadot}, enom ${planted.perRegistrar.enom}) `
  + `in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const started = performance.now();
const summary = await runPortfolioSync(services, { requestedBy: null, pacing: realTime, timeScale });
const wallSeconds = (performance.now() - started) / 1000;

console.log(`\nportfolio sync, --scale ${speedUp}${speedUp === 0 ? ' (no limits: the sync\'s own speed)' : ` (a minute lasts ${(60 / speedUp).toFixed(2)} s)`}`);
console.log(`wall time ${wallSeconds.toFixed(1)} s, ${(count / wallSeconds).toFixed(0)} domains/s`);
if (speedUp > 0) console.log(`real-time projection (wall time × ${speedUp}): ${(wallSeconds * speedUp / 60).toFixed(1)} min for ${count} domains`);
console.log(`compared ${summary.compared}, open differences ${summary.differences}, registrar auto-renew turned off ${summary.autoRenewTurnedOff}`);
console.log(`planted: expiry ${planted.expiry}, lock ${planted.locked}, auto-renew on at namecheap ${planted.autoRenew.namecheap} / dynadot ${planted.autoRenew.dynadot} / enom ${planted.autoRenew.enom}`);
const byField = await database.db.selectFrom('domain_portfolio_differences').select(['field', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('field').execute();
console.log(`recorded: ${byField.map((r) => `${r.field} ${r.n}`).join(', ')}`);

const fakes = { namecheap, dynadot, enom } as const;
console.log('\n| registrar | domains | listed | getInfo | auto-renew off | calls | busiest window seen / limit (fake) | refused |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
for (const r of summary.registrars) {
  const report = fakes[r.id as keyof typeof fakes].rateLimit.report();
  const windows = report.peaks.map((p) => `${p.seen}/${p.max} per ${speedUp === 0 ? 'no limit' : `${(p.ms / 1000).toFixed(p.ms < 10_000 ? 1 : 0)} s`}`).join(', ');
  console.log(`| ${r.name} | ${r.domains} | ${r.listed} | ${r.infoReads} | ${r.autoRenewTurnedOff} | ${r.calls} | ${windows} | ${report.refused} |${r.error ? ` error: ${r.error}` : ''}`);
}

await services.jobs.stop();
await services.live.close();
await database.close();
await Promise.all([namecheap.close(), dynadot.close(), enom.close()]);
rmSync(dataDir, { recursive: true, force: true });
